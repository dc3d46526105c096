import { html, type SafeHtml } from './html';
import { timeTag } from './layout';

/** A member's delegation as the pages show it (the API's `Delegation`, the fields they need). */
export interface DelegationView {
  member_id: string;
  delegate: string;
  from: string;
  until: string;
  active: boolean;
}

/** "Away until …" beside a person: who acts for them, and from when if it has not begun. */
export function awayBadge(delegation: DelegationView, names: Map<string, string>): SafeHtml {
  const delegate = names.get(delegation.delegate) ?? delegation.delegate;
  return delegation.active
    ? html` <span class="badge warn">Away until ${timeTag(delegation.until)}</span> <span class="muted">${delegate} acts for them</span>`
    : html` <span class="badge">Away from ${timeTag(delegation.from)} until ${timeTag(delegation.until)}</span> <span class="muted">${delegate} will act for them</span>`;
}

/** An approver of the current step who is away now (DecisionService.awayApprovers). */
export interface AwayApproverView {
  user_id: string;
  delegate: string;
  until: string;
  delegate_kept_out: boolean;
}

/** Under a decision's steps: the current step's approvers who are away, and who acts for them. */
export function awayApproverNotes(away: AwayApproverView[], names: Map<string, string>): SafeHtml {
  if (away.length === 0) return html``;
  const name = (id: string) => names.get(id) ?? id;
  return html`<ul class="away" aria-label="Approvers away">${away.map(
    (a) =>
      html`<li>${name(a.user_id)} is <span class="badge warn">away until ${timeTag(a.until)}</span>; ${
        a.delegate_kept_out
          ? html`their delegate ${name(a.delegate)} is kept from this decision by separation of duties, so the step waits for its other approvers`
          : html`${name(a.delegate)} acts on their behalf`
      }</li>`,
  )}</ul>`;
}
