/**
 * A decision through approval: logged and submitted with the API key, approved by a person with their own access token
 * (approving is a person's act; an API key is refused with 403 user_actor_required).
 *
 *   DMS_USER_TOKEN: an approver's access token (sign-in with authorization code + PKCE; on a development stack
 *                   `npm run admin -- token create --tenant … --user approver@example.com --scopes decisions:read,decisions:write`)
 *   DMS_USER_REFRESH_TOKEN, DMS_OAUTH_CLIENT_ID, DMS_OAUTH_CLIENT_SECRET (optional): refresh it when it expires
 */
import { DecisionModelingClient, ProblemError, userToken } from '../src/index';
import { check, connect, required, run } from './connect';

/** Your OAuth library's refresh goes here; this one uses the refresh-token grant of the built-in provider. */
async function refreshAccessToken(): Promise<{ accessToken: string; expiresAt: number }> {
  const refreshToken = process.env.DMS_USER_REFRESH_TOKEN;
  if (!refreshToken) throw new Error('the access token expired and there is no refresh token: sign in again');
  const response = await fetch(new URL('/oauth2/token', required('DMS_BASE_URL')), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${btoa(`${required('DMS_OAUTH_CLIENT_ID')}:${required('DMS_OAUTH_CLIENT_SECRET')}`)}`,
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  const token = (await response.json()) as { access_token: string; expires_in: number };
  return { accessToken: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 };
}

run(async () => {
  const client = connect();
  const approver = new DecisionModelingClient({
    baseUrl: required('DMS_BASE_URL'),
    auth: userToken({ accessToken: required('DMS_USER_TOKEN'), refresh: refreshAccessToken }),
  });
  const me = await approver.account.getCurrentPrincipal();
  check(me.actor.type === 'user', 'the approver client acts as a person');
  console.log(`approver: ${me.actor.id}`);

  const options = [100, 140].map((rate) =>
    client.scenarios.createAndWait({
      model_id: 'mdl_service_queue_staffing',
      inputs: { arrival_rate_per_hour: rate, average_handle_time_seconds: 180 },
    }),
  );
  const [current, growth] = await Promise.all(options);
  const decision = await client.decisions.create({
    title: 'Support desk staffing for Q3',
    context: 'How many agents do we staff the support desk with from July?',
    options: [
      { label: 'Current volume', description: 'Staff for 100 calls an hour.', scenario_id: current!.id },
      { label: 'Growth case', description: 'Staff for 140 calls an hour.', scenario_id: growth!.id },
    ],
    chosen_option: 'opt_2',
  });
  const policy = await client.approvalPolicies.create({
    name: `Team lead review ${Date.now()}`,
    steps: [{ name: 'Team lead', approvals_required: 1, approvers: { user_ids: [me.actor.id] }, sla: 'P1D' }],
  });
  await client.decisions.submit(decision.id, { approval_policy_id: policy.id });

  // An API key may not approve.
  try {
    await client.decisions.approve(decision.id, { expected_step: 1 });
    check(false, 'an API key cannot approve');
  } catch (error) {
    if (!(error instanceof ProblemError) || error.code !== 'user_actor_required') throw error;
  }

  // The person's inbox has it (the submission may take a moment to reach the workflow).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const inbox = await approver.decisions.listApprovalInbox({ assigned_to: 'me' });
    if (inbox.data.some((item) => item.decision_id === decision.id)) break;
    check(Date.now() < deadline, "the decision reached the approver's inbox");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await approver.decisions.approve(decision.id, { expected_step: 1, comment: 'Numbers check out.' });

  for (;;) {
    const current = await client.decisions.get(decision.id);
    if (current.status === 'approved') {
      console.log(`${current.id} approved`);
      break;
    }
    check(Date.now() < deadline, `the decision was approved (${current.status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for await (const entry of client.decisions.getHistory(decision.id))
    console.log(`  ${entry.occurred_at} ${entry.action}`);
});
