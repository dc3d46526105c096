import type { BuiltinModel, DecisionStructure, ModelInputs, ModelResult, Note } from '../types';
import { enforcingInputBounds } from './input-bounds';
import { numberInput } from './input-readers';
import { inputsSchema, metricsSchema } from './json-schema';
import { outOfRangeNotes, type ValidatedRanges } from './range-notes';

const VALIDATED_RANGES: ValidatedRanges = {
  arrival_rate_per_hour: { min: 1, max: 10_000 },
  average_handle_time_seconds: { min: 10, max: 3_600 },
  max_occupancy: { min: 0.6, max: 0.95 },
  shrinkage: { min: 0, max: 0.5 },
};

const SECONDS_PER_HOUR = 3_600;
/** Only the last candidates tried are listed as alternatives; a large centre can try hundreds. */
const MAX_LISTED_CANDIDATES = 30;
/**
 * Quotients such as 7 / 0.7 come out as 10.000000000000002 in floating point; rounding them up to the next
 * integer would add a phantom agent, so ceilings and comparisons against targets allow this much slack.
 */
const FLOAT_SLACK = 1e-9;

function ceilWithSlack(value: number): number {
  return Math.ceil(value - FLOAT_SLACK);
}

export interface QueuePerformance {
  agents: number;
  probabilityOfWait: number;
  serviceLevel: number;
  averageSpeedOfAnswerSeconds: number;
  occupancy: number;
}

/*
 * Erlang B comes from the recursion B(0) = 1, B(n) = A·B(n−1) / (n + A·B(n−1)), and Erlang C from B as
 * C = N·B / (N − A·(1 − B)). Neither forms A^N or N!, so both stay stable for thousands of agents.
 */

function nextErlangB(trafficErlangs: number, agents: number, previousBlocking: number): number {
  return (trafficErlangs * previousBlocking) / (agents + trafficErlangs * previousBlocking);
}

/** Erlang B blocking probability for `agents` servers. */
export function erlangB(trafficErlangs: number, agents: number): number {
  let blocking = 1;
  for (let n = 1; n <= agents; n++) blocking = nextErlangB(trafficErlangs, n, blocking);
  return blocking;
}

function erlangCFromB(trafficErlangs: number, agents: number, blocking: number): number {
  return (agents * blocking) / (agents - trafficErlangs * (1 - blocking));
}

/** Erlang C probability that a call waits, for `agents` > `trafficErlangs`. */
export function erlangC(trafficErlangs: number, agents: number): number {
  return erlangCFromB(trafficErlangs, agents, erlangB(trafficErlangs, agents));
}

/** Queue figures for `agents` > `trafficErlangs`, given that count's Erlang B. */
function queuePerformance(
  agents: number,
  blocking: number,
  trafficErlangs: number,
  handleTimeSeconds: number,
  targetAnswerSeconds: number,
): QueuePerformance {
  const probabilityOfWait = erlangCFromB(trafficErlangs, agents, blocking);
  const spareAgents = agents - trafficErlangs;
  return {
    agents,
    probabilityOfWait,
    serviceLevel: 1 - probabilityOfWait * Math.exp((-spareAgents * targetAnswerSeconds) / handleTimeSeconds),
    averageSpeedOfAnswerSeconds: (probabilityOfWait * handleTimeSeconds) / spareAgents,
    occupancy: trafficErlangs / agents,
  };
}

type DerivationStep = DecisionStructure['derivation'][number];

/** Zero arrivals or zero handle time: nothing to staff, every call answered at once. */
function noTrafficResult(notes: Note[], derivationTraffic: DerivationStep, arrivalsPerHour: number): ModelResult {
  notes.push({
    kind: 'warning',
    message:
      'There is no traffic (zero arrivals or zero handle time), so no agents are needed and every call is answered at once.',
    input: arrivalsPerHour === 0 ? 'arrival_rate_per_hour' : 'average_handle_time_seconds',
  });
  return {
    metrics: {
      required_agents: 0,
      scheduled_agents: 0,
      service_level: 1,
      probability_of_wait: 0,
      average_speed_of_answer: 0,
      occupancy: 0,
      traffic_intensity: 0,
    },
    notes,
    decision_structure: {
      alternatives: [{ id: 'agents_0', label: '0 agents', values: { service_level: 1, occupancy: 0 }, chosen: true }],
      criteria: [],
      derivation: [derivationTraffic],
      recommendation: { alternative: 'agents_0', rationale: 'With no traffic no agents are required.' },
    },
  };
}

function evaluate(inputs: ModelInputs): ModelResult {
  const arrivalsPerHour = numberInput(inputs, 'arrival_rate_per_hour');
  const handleTimeSeconds = numberInput(inputs, 'average_handle_time_seconds');
  const targetServiceLevel = numberInput(inputs, 'target_service_level');
  const targetAnswerSeconds = numberInput(inputs, 'target_answer_time_seconds');
  const maxOccupancy = numberInput(inputs, 'max_occupancy');
  const shrinkage = numberInput(inputs, 'shrinkage');

  const notes: Note[] = [
    {
      kind: 'assumption',
      message:
        'Erlang C (M/M/N): Poisson arrivals, exponentially distributed handle times, first-come first-served, steady state, and no caller ever abandons; abandonment in reality makes these figures slightly conservative.',
    },
    {
      kind: 'assumption',
      message:
        'Required agents is the smallest N above the traffic that meets both the service-level target and the occupancy cap; scheduled agents grosses that up for shrinkage: ceil(N / (1 − shrinkage)).',
    },
    ...outOfRangeNotes(inputs, VALIDATED_RANGES),
  ];

  const trafficErlangs = (arrivalsPerHour * handleTimeSeconds) / SECONDS_PER_HOUR;
  const derivationTraffic = {
    step: 'Traffic intensity',
    formula: 'A = arrival_rate_per_hour × average_handle_time_seconds / 3600',
    value: trafficErlangs,
  };

  if (trafficErlangs === 0) return noTrafficResult(notes, derivationTraffic, arrivalsPerHour);

  // N must exceed A for the queue to be stable, and N ≥ A / max_occupancy for the occupancy cap; both only
  // tighten as N falls, so the search starts at the larger of the two and walks up until the service level holds.
  const firstCandidate = Math.max(Math.floor(trafficErlangs) + 1, ceilWithSlack(trafficErlangs / maxOccupancy));
  let agents = firstCandidate;
  let blocking = erlangB(trafficErlangs, agents);
  const tried: QueuePerformance[] = [];
  for (;;) {
    const performance = queuePerformance(agents, blocking, trafficErlangs, handleTimeSeconds, targetAnswerSeconds);
    tried.push(performance);
    // target_service_level ≤ 0.999 (a hard bound enforcingInputBounds guarantees) and the service level tends to 1
    // as N grows, so this terminates.
    if (performance.serviceLevel >= targetServiceLevel - FLOAT_SLACK) break;
    agents += 1;
    blocking = nextErlangB(trafficErlangs, agents, blocking);
  }
  const chosen = tried[tried.length - 1] as QueuePerformance;
  const scheduledAgents = ceilWithSlack(chosen.agents / (1 - shrinkage));
  const listed = tried.slice(-MAX_LISTED_CANDIDATES);
  if (listed.length < tried.length) {
    notes.push({
      kind: 'info',
      message: `${tried.length} agent counts were tried (${firstCandidate}–${chosen.agents}); only the last ${MAX_LISTED_CANDIDATES} are listed as alternatives.`,
    });
  }

  const candidateId = (count: number) => `agents_${count}`;
  return {
    metrics: {
      required_agents: chosen.agents,
      scheduled_agents: scheduledAgents,
      service_level: chosen.serviceLevel,
      probability_of_wait: chosen.probabilityOfWait,
      average_speed_of_answer: chosen.averageSpeedOfAnswerSeconds,
      occupancy: chosen.occupancy,
      traffic_intensity: trafficErlangs,
    },
    notes,
    decision_structure: {
      alternatives: listed.map((candidate) => ({
        id: candidateId(candidate.agents),
        label: `${candidate.agents} agents`,
        values: {
          service_level: candidate.serviceLevel,
          probability_of_wait: candidate.probabilityOfWait,
          average_speed_of_answer: candidate.averageSpeedOfAnswerSeconds,
          occupancy: candidate.occupancy,
        },
        chosen: candidate === chosen,
      })),
      criteria: [
        {
          id: 'service_level',
          label: `Share of calls answered within ${targetAnswerSeconds} s (target ${targetServiceLevel})`,
          direction: 'higher_is_better',
          unit: 'fraction',
        },
        {
          id: 'occupancy',
          label: `Agent occupancy (cap ${maxOccupancy})`,
          direction: 'lower_is_better',
          unit: 'fraction',
        },
        { id: 'agents', label: 'Agents on the phones', direction: 'lower_is_better', unit: 'agents' },
      ],
      derivation: [
        derivationTraffic,
        {
          step: 'First candidate',
          formula: 'N₀ = max(floor(A) + 1, ceil(A / max_occupancy))',
          value: firstCandidate,
        },
        {
          step: 'Erlang B by recursion',
          formula: 'B(0) = 1; B(n) = A·B(n−1) / (n + A·B(n−1))',
          value: blocking,
        },
        {
          step: 'Probability of waiting (Erlang C)',
          formula: 'P_wait = N·B / (N − A·(1 − B))',
          value: chosen.probabilityOfWait,
        },
        {
          step: 'Service level',
          formula: 'SL = 1 − P_wait × exp(−(N − A) × target_answer_time_seconds / average_handle_time_seconds)',
          value: chosen.serviceLevel,
        },
        {
          step: 'Average speed of answer',
          formula: 'ASA = P_wait × average_handle_time_seconds / (N − A)',
          value: chosen.averageSpeedOfAnswerSeconds,
        },
        { step: 'Occupancy', formula: 'occupancy = A / N', value: chosen.occupancy },
        { step: 'Scheduled agents', formula: 'scheduled = ceil(N / (1 − shrinkage))', value: scheduledAgents },
      ],
      recommendation: {
        alternative: candidateId(chosen.agents),
        rationale: `${chosen.agents} agents is the smallest count that answers ${chosen.serviceLevel.toFixed(4)} of calls within ${targetAnswerSeconds} s (target ${targetServiceLevel}) at occupancy ${chosen.occupancy.toFixed(4)} (cap ${maxOccupancy}); ${scheduledAgents} must be scheduled to cover shrinkage of ${shrinkage}.`,
      },
      details: { candidates_tried: tried.length, first_candidate: firstCandidate },
    },
  };
}

export const serviceQueueStaffing: BuiltinModel = enforcingInputBounds({
  key: 'service_queue_staffing',
  name: 'Service queue staffing (Erlang C)',
  category: 'operations',
  version: '1.0.0',
  description: `Finds how many agents a contact centre or service desk needs to answer a target share of calls within a target time, using the Erlang C queueing model.

- Traffic: \`A = arrival_rate_per_hour × average_handle_time_seconds / 3600\` (Erlangs)
- Erlang B by recursion: \`B(0) = 1\`, \`B(n) = A·B(n−1) / (n + A·B(n−1))\`
- Erlang C (probability a call waits): \`P_wait = N·B(N) / (N − A·(1 − B(N)))\`, for N > A
- Service level: \`SL = 1 − P_wait · exp(−(N − A) · T / AHT)\` with T the target answer time
- Average speed of answer: \`ASA = P_wait · AHT / (N − A)\` seconds
- Occupancy: \`A / N\`

\`required_agents\` is the smallest N > A with SL ≥ target and occupancy ≤ \`max_occupancy\`; the search starts at \`max(floor(A) + 1, ceil(A / max_occupancy))\` and adds one agent at a time. \`scheduled_agents = ceil(required_agents / (1 − shrinkage))\`. With no traffic, 0 agents are required.`,
  inputSchema: inputsSchema({
    required: ['arrival_rate_per_hour', 'average_handle_time_seconds'],
    properties: {
      arrival_rate_per_hour: {
        type: 'number',
        minimum: 0,
        maximum: 100_000,
        description: 'Average number of calls (or contacts) arriving, in calls per hour.',
      },
      average_handle_time_seconds: {
        type: 'number',
        minimum: 0,
        maximum: 7_200,
        description: 'Average handle time per call (talk plus wrap-up), in seconds.',
      },
      target_service_level: {
        type: 'number',
        minimum: 0,
        maximum: 0.999,
        default: 0.8,
        description:
          'Target fraction of calls answered within the target answer time (0.8 = 80%); at most 0.999, because 100% is unreachable in Erlang C.',
      },
      target_answer_time_seconds: {
        type: 'number',
        minimum: 0,
        maximum: 3_600,
        default: 20,
        description: 'Answer-time threshold of the service level, in seconds (e.g. 80% answered within 20 seconds).',
      },
      max_occupancy: {
        type: 'number',
        exclusiveMinimum: 0,
        maximum: 1,
        default: 0.85,
        description:
          'Highest acceptable agent occupancy, the fraction of logged-in time spent handling calls (0.85 = 85%).',
      },
      shrinkage: {
        type: 'number',
        minimum: 0,
        maximum: 0.9,
        default: 0.3,
        description:
          'Fraction of paid time agents are unavailable (breaks, training, absence), as a fraction (0.3 = 30%).',
      },
    },
    examples: [
      {
        arrival_rate_per_hour: 100,
        average_handle_time_seconds: 180,
        target_service_level: 0.8,
        target_answer_time_seconds: 20,
        max_occupancy: 0.85,
        shrinkage: 0.3,
      },
    ],
  }),
  outputSchema: metricsSchema({
    required: [
      'required_agents',
      'scheduled_agents',
      'service_level',
      'probability_of_wait',
      'average_speed_of_answer',
      'occupancy',
      'traffic_intensity',
    ],
    properties: {
      required_agents: {
        type: 'integer',
        minimum: 0,
        description: 'Agents needed on the phones to meet the service level and occupancy cap, in agents.',
      },
      scheduled_agents: { type: 'integer', minimum: 0, description: 'Agents to schedule after shrinkage, in agents.' },
      service_level: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'Fraction of calls answered within the target answer time at the required agents.',
      },
      probability_of_wait: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'Probability a call has to wait (Erlang C), as a fraction.',
      },
      average_speed_of_answer: {
        type: 'number',
        minimum: 0,
        description: 'Mean wait before answer over all calls, in seconds.',
      },
      occupancy: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'Fraction of agent time spent handling calls at the required agents.',
      },
      traffic_intensity: {
        type: 'number',
        minimum: 0,
        description: 'Offered traffic, in Erlangs (agent-hours of work per hour).',
      },
    },
  }),
  metricDirections: {
    required_agents: 'lower_is_better',
    scheduled_agents: 'lower_is_better',
    service_level: 'higher_is_better',
    probability_of_wait: 'lower_is_better',
    average_speed_of_answer: 'lower_is_better',
  },
  validatedRanges: VALIDATED_RANGES,
  evaluate,
});
