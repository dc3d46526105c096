import type { Knex } from 'knex';
import { RateLimiterPostgres } from 'rate-limiter-flexible';

/** Failed sign-ins allowed per email (any IP) and per IP (any email) in the window, before sign-in is refused. */
const PER_EMAIL = { points: 5, seconds: 15 * 60 };
const PER_IP = { points: 30, seconds: 15 * 60 };

/**
 * Counts failed sign-ins in the shared rate_limits table (every API process sees the same counts). Keyed by email so
 * one account cannot be brute-forced from many addresses, and by IP so one address cannot spray many accounts.
 * A blocked attempt is refused before the password is checked, with the same answer whether the account exists or not.
 */
export function createLoginThrottle(db: Knex) {
  const limiter = (keyPrefix: string, window: { points: number; seconds: number }) =>
    new RateLimiterPostgres({
      storeClient: db,
      storeType: 'knex',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix,
      points: window.points,
      duration: window.seconds,
      clearExpiredByTimeout: false,
    });
  const byEmail = limiter('login-email', PER_EMAIL);
  const byIp = limiter('login-ip', PER_IP);

  return {
    /** Seconds until sign-in is allowed again for this email or IP; 0 when it is allowed now. */
    async blockedForSeconds(email: string, ip: string): Promise<number> {
      const [emailState, ipState] = await Promise.all([byEmail.get(email), byIp.get(ip)]);
      const waits = [
        emailState && emailState.consumedPoints >= PER_EMAIL.points ? emailState.msBeforeNext : 0,
        ipState && ipState.consumedPoints >= PER_IP.points ? ipState.msBeforeNext : 0,
      ];
      return Math.ceil(Math.max(...waits) / 1000);
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      // penalty() never rejects, unlike consume(), so a failure past the limit is still counted.
      await Promise.all([byEmail.penalty(email, 1), byIp.penalty(ip, 1)]);
    },
    async recordSuccess(email: string): Promise<void> {
      await byEmail.delete(email);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
