import { html, type SafeHtml } from './html';
import { countdown, layout, statusLabel, timeTag, type Viewer } from './layout';

/** The inbox: the decision steps and model reviews awaiting the signed-in person, and the decisions by state. */

export interface InboxTask {
  item_kind: 'decision' | 'model_review';
  decision_id: string;
  title: string;
  step: number;
  step_name: string;
  approvals_required: number;
  approvals_given: number;
  sla_due_at: string | null;
  deadline_at: string | null;
  escalated: boolean;
  submitted_at: string;
  /** The step is the person's as the delegate of an approver who is away. */
  on_behalf_of?: { user_id: string; until: string };
}

export function inboxPage(input: {
  viewer: Viewer;
  tasks: InboxTask[];
  statusCounts: Record<string, number>;
  now: Date;
  canAct: boolean;
  /** Member names, for the approvers the person acts for. */
  names?: Map<string, string>;
}): SafeHtml {
  const { tasks, now } = input;
  const overdue = tasks.filter((t) => t.sla_due_at && new Date(t.sla_due_at).getTime() <= now.getTime()).length;
  const escalated = tasks.filter((t) => t.escalated).length;
  const rows = tasks.map(
    (
      task,
    ) => html`<tr class="${task.sla_due_at && new Date(task.sla_due_at).getTime() <= now.getTime() ? 'row-overdue' : ''}">
      <td>${task.item_kind === 'model_review' ? 'Model review' : 'Decision'}</td>
      <td><a href="/console/decisions/${task.decision_id}">${task.title}</a></td>
      <td>Step ${task.step}: ${task.step_name}${
        task.on_behalf_of
          ? html`<br><span class="muted">On behalf of ${input.names?.get(task.on_behalf_of.user_id) ?? task.on_behalf_of.user_id}, away until ${timeTag(task.on_behalf_of.until)}</span>`
          : ''
      }</td>
      <td>${task.approvals_given} of ${task.approvals_required}</td>
      <td>${countdown(task.sla_due_at, now)}${task.escalated ? html` <span class="badge warn">Escalated</span>` : ''}</td>
      <td>${timeTag(task.submitted_at)}</td>
    </tr>`,
  );
  const counts = Object.entries(input.statusCounts).filter(([, n]) => n > 0);
  return layout({
    title: 'Inbox',
    viewer: input.viewer,
    section: 'inbox',
    body: html`<h1>Inbox</h1>
<p>Decision steps and model reviews awaiting you, oldest first.</p>
<ul class="counts" aria-label="Your inbox">
  <li><span class="count">${tasks.length}</span> awaiting you</li>
  <li><span class="count${overdue > 0 ? ' overdue' : ''}">${overdue}</span> overdue</li>
  <li><span class="count">${escalated}</span> escalated</li>
</ul>
${
  tasks.length === 0
    ? html`<p class="empty">Nothing awaits you right now.</p>`
    : html`<table>
  <caption>Steps awaiting your approval</caption>
  <thead><tr><th scope="col">Kind</th><th scope="col">Title</th><th scope="col">Step</th><th scope="col">Approvals</th><th scope="col">SLA</th><th scope="col">Submitted</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`
}
<h2>Decisions by state</h2>
${
  counts.length === 0
    ? html`<p class="empty">No decisions yet.</p>`
    : html`<ul class="counts" aria-label="Decisions by state">${counts.map(
        ([status, n]) =>
          html`<li><a href="/console/decisions?status=${status}"><span class="count">${n}</span> ${statusLabel(status)}</a></li>`,
      )}</ul>`
}`,
  });
}
