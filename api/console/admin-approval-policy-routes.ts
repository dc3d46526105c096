import type { Context } from 'koa';
import type { RequestContext } from '../context';
import { ADMIN_PREFIX, noticeOf, seeOther, type Admin, type AdminArea } from './admin-area';
import {
  approvalPoliciesPage,
  approvalPolicyPage,
  type InFlightView,
  type PolicyStepForm,
  type PolicyView,
} from './admin-pages';
import type { Notice } from './layout';

type CurrentPolicy = PolicyView & {
  version: {
    flags: Record<string, unknown>;
    steps: Array<PolicyView['version']['steps'][number] & { deadline?: string | null; condition?: string | null }>;
  };
};

/** Decisions in review (pending approval or sent back for changes) and the policy version each runs under. */
async function inFlight(area: AdminArea, context: RequestContext): Promise<InFlightView[]> {
  const pages = await Promise.all(
    (['pending_approval', 'changes_requested'] as const).map((status) =>
      area.kit.decisions.list(context, { status }, { limit: 100 }),
    ),
  );
  return pages.flatMap((page) =>
    (
      page.data as unknown as Array<{
        id: string;
        title: string;
        status: string;
        approval_policy_id: string | null;
        approval_policy_version: number | null;
      }>
    )
      .filter((d) => d.approval_policy_id !== null && d.approval_policy_version !== null)
      .map((d) => ({
        decision_id: d.id,
        policy_id: d.approval_policy_id as string,
        title: d.title,
        status: d.status,
        version: d.approval_policy_version as number,
      })),
  );
}

async function renderPolicy(
  area: AdminArea,
  ctx: Context,
  who: Admin,
  id: string,
  status = 200,
  notice?: Notice,
  steps?: PolicyStepForm[],
) {
  const policy = (await area.services.approvalPolicies.get(who.context, id, undefined)) as unknown as PolicyView;
  const flights = (await inFlight(area, who.context)).filter((d) => d.policy_id === id);
  area.kit.send(
    ctx,
    status,
    approvalPolicyPage({
      viewer: who.viewer,
      policy,
      inFlight: flights,
      names: who.names,
      members: who.members.map((m) => ({ id: m.id, name: m.name })),
      steps,
      notice,
    }),
  );
}

/** The step rows of the form, and the CreateApprovalPolicyVersion body they make over the current version. */
function policyVersionBody(
  form: URLSearchParams,
  current: CurrentPolicy,
): { rows: PolicyStepForm[]; body: { steps: unknown[]; flags: Record<string, unknown> } } {
  const column = (name: string) => form.getAll(name);
  const names = column('step_name');
  const rows: PolicyStepForm[] = names.map((name, i) => ({
    name: name.trim(),
    approvals_required: column('step_approvals_required')[i] ?? '',
    role: column('step_role')[i] ?? '',
    // The people ticked for the step (named by member id, shown by name); a typed list of ids is still read.
    user_ids: [...column(`step_${i}_member`), (column('step_user_ids')[i] ?? '').trim()].join(' ').trim(),
    sla: (column('step_sla')[i] ?? '').trim(),
  }));
  const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.name !== '');
  const steps = kept.map(({ row, index }) => {
    // What the form does not show (escalation, deadline, condition) carries over from the step in the same place.
    const before = current.version.steps[index];
    return {
      name: row.name,
      approvals_required: /^\d+$/.test(row.approvals_required)
        ? Number(row.approvals_required)
        : row.approvals_required,
      approvers: row.role ? { role: row.role } : { user_ids: row.user_ids.split(/[\s,]+/).filter((u) => u !== '') },
      sla: row.sla,
      ...(before?.escalate_to ? { escalate_to: before.escalate_to } : {}),
      ...(before?.deadline ? { deadline: before.deadline } : {}),
      ...(before?.condition ? { condition: before.condition } : {}),
    };
  });
  return { rows: kept.map(({ row }) => row), body: { steps, flags: current.version.flags } };
}

/** Approval policies: list with the decisions in review under each version, one policy, a new version from its steps. */
export function registerAdminApprovalPolicyRoutes(area: AdminArea): void {
  const { kit, services, base } = area;
  const { router, send } = kit;

  router.get(`${ADMIN_PREFIX}/approval-policies`, async (ctx) => {
    const who = await area.adminGet(ctx, 'listApprovalPolicies');
    if (!who) return;
    const [policies, flights] = await Promise.all([
      services.approvalPolicies.list(who.context, {}, { limit: 100 }),
      inFlight(area, who.context),
    ]);
    send(
      ctx,
      200,
      approvalPoliciesPage({
        viewer: who.viewer,
        policies: policies.data as unknown as PolicyView[],
        inFlight: flights,
        names: who.names,
      }),
    );
  });

  router.get(`${ADMIN_PREFIX}/approval-policies/:id`, async (ctx) => {
    const who = await area.adminGet(ctx, 'getApprovalPolicy');
    if (who) await renderPolicy(area, ctx, who, ctx.params.id as string, 200, noticeOf(ctx));
  });

  router.post(`${ADMIN_PREFIX}/approval-policies/:id/versions`, async (ctx) => {
    const who = await area.adminPost(ctx, 'createApprovalPolicyVersion');
    if (!who) return;
    const id = ctx.params.id as string;
    const current = (await services.approvalPolicies.get(who.context, id, undefined)) as unknown as CurrentPolicy;
    const { rows, body } = policyVersionBody(who.form, current);
    const result = await area.attempt('createApprovalPolicyVersion', body, () =>
      services.approvalPolicies.createVersion(who.context, id, body as never),
    );
    if (!result.ok) return renderPolicy(area, ctx, who, id, result.status, result.notice, rows);
    seeOther(ctx, `${base}/approval-policies/${encodeURIComponent(id)}?notice=policy_versioned`);
  });
}
