import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { invitationResendLimited } from '../../core/errors';

/** Invitations sent again to one member, per window: enough to correct a typo or a lost mail, too few to flood an inbox. */
export const INVITATION_RESENDS = { points: 3, seconds: 3600 };

/**
 * Counts the invitations sent again to each member in the shared rate_limits table, so every API process sees the
 * same count. A resend takes its point before it runs (two at once cannot both slip under the limit) and gives it
 * back when it is refused for another reason (the member is unknown, or already accepted).
 */
export function createInvitationResendLimit(db: Knex) {
  const limiter = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'invitation-resend',
    points: INVITATION_RESENDS.points,
    duration: INVITATION_RESENDS.seconds,
    clearExpiredByTimeout: false,
  });
  return {
    async whileAllowed<T>(tenantId: string, memberId: string, resend: () => Promise<T>): Promise<T> {
      const key = `${tenantId}:${memberId}`;
      try {
        await limiter.consume(key, 1);
      } catch (caught) {
        if (caught instanceof RateLimiterRes)
          throw invitationResendLimited(INVITATION_RESENDS.points, Math.max(1, Math.ceil(caught.msBeforeNext / 1000)));
        throw caught;
      }
      try {
        return await resend();
      } catch (error) {
        await limiter.reward(key, 1).catch(() => undefined);
        throw error;
      }
    },
  };
}

export type InvitationResendLimit = ReturnType<typeof createInvitationResendLimit>;
