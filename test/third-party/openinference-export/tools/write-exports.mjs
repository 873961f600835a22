#!/usr/bin/env node
// Writes exports/<release>.jsonl: what the Collector's file exporter saved while Fjord Telecom's
// Python support desk (OpenAI Agents SDK + openinference-instrumentation-openai-agents) ran the
// staging conversations under each release. The desk itself is Python and is not run here;
// this script reproduces its exports span for span (see agents-run.mjs for the shapes).
//
//   node tools/write-exports.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentsRun, handoffToolName } from './agents-run.mjs';
import { exportLine } from './otlp.mjs';

const fn = (name, description, properties) => ({
  name,
  description,
  parameters: {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  },
  strict: true,
});
const s = { type: 'string' };
const n = { type: 'number' };
const handoffTool = (to) =>
  fn(handoffToolName(to), `Handoff to the ${to} agent to handle the request.`, {});

const AGENTS = {
  Frontline: {
    instructions:
      'You are Fjord Telecom frontline support. Route billing to Billing Specialist and line faults to Tech Support.',
    tools: [
      fn('get_plan', 'Plan and usage of a line.', { line_id: s }),
      handoffTool('Billing Specialist'),
      handoffTool('Tech Support'),
    ],
  },
  'Billing Specialist': {
    instructions:
      'Refund billing errors. Refunds above 200 euro need the shift lead: escalate them.',
    tools: [
      fn('issue_refund', 'Refund an amount on an invoice.', { invoice_id: s, amount_eur: n }),
      fn('escalate_to_shift_lead', 'Ask the shift lead to approve a refund.', {
        invoice_id: s,
        amount_eur: n,
        reason: s,
      }),
      handoffTool('Frontline'),
    ],
  },
  'Tech Support': {
    instructions: 'Diagnose line faults with a line test.',
    tools: [fn('run_line_test', 'Test a line.', { line_id: s }), handoffTool('Frontline')],
  },
};

const REFUNDED = (id) => JSON.stringify({ refund_id: `rf_${id}`, status: 'succeeded' });

/** Each conversation: its session id and, per customer message, what the desk did. */
const CONVERSATIONS = {
  'fj-1001': {
    user: [
      'Hi, I was charged twice for my mobile plan this month.',
      'Invoice F-5521, 39 euro taken twice.',
      'Great, thanks!',
    ],
    correct: [
      (r) =>
        r
          .agent('Frontline')
          .say('Sorry about that! Which invoice is it, and how much was charged?'),
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', {
            invoice_id: 'F-5521',
            amount_eur: 39,
            summary: 'Charged twice for the mobile plan.',
          })
          .use('issue_refund', { invoice_id: 'F-5521', amount_eur: 39 }, REFUNDED('881'))
          .say("I've refunded the duplicate 39 euro on invoice F-5521."),
      (r) => r.agent('Billing Specialist').say("You're welcome. Anything else I can do?"),
    ],
    late: [
      (r) =>
        r
          .agent('Frontline')
          .say('Sorry about that! Which invoice is it, and how much was charged?'),
      (r) => r.agent('Frontline').say("Thanks. I'll look into that invoice for you in a moment."),
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', {
            invoice_id: 'F-5521',
            amount_eur: 39,
            summary: 'Charged twice for the mobile plan.',
          })
          .use('issue_refund', { invoice_id: 'F-5521', amount_eur: 39 }, REFUNDED('881'))
          .say("I've refunded the duplicate 39 euro on invoice F-5521."),
    ],
    'wrong-target': [
      (r) =>
        r
          .agent('Frontline')
          .say('Sorry about that! Which invoice is it, and how much was charged?'),
      (r) =>
        r
          .agent('Frontline')
          .transfer('Tech Support', {
            summary: 'Charged twice for the mobile plan, invoice F-5521.',
          })
          .say("I look after connection problems; I've passed your billing question on."),
      (r) => r.agent('Tech Support').say("You're welcome."),
    ],
    'dropped-fact': [
      (r) =>
        r
          .agent('Frontline')
          .say('Sorry about that! Which invoice is it, and how much was charged?'),
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', { summary: 'Customer was charged twice.' })
          .use('issue_refund', { invoice_id: 'F-5521', amount_eur: 39 }, REFUNDED('881'))
          .say("I've refunded the duplicate 39 euro on invoice F-5521."),
      (r) => r.agent('Billing Specialist').say("You're welcome. Anything else I can do?"),
    ],
    reask: [
      (r) =>
        r
          .agent('Frontline')
          .say('Sorry about that! Which invoice is it, and how much was charged?'),
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', {
            invoice_id: 'F-5521',
            amount_eur: 39,
            summary: 'Charged twice for the mobile plan.',
          })
          .say('Happy to help. Could you tell me the invoice number?'),
      (r) =>
        r
          .agent('Billing Specialist')
          .use('issue_refund', { invoice_id: 'F-5521', amount_eur: 39 }, REFUNDED('881'))
          .say('Found it: the duplicate 39 euro is refunded.'),
    ],
  },
  'fj-1002': {
    user: [
      'You billed me 640 euro of roaming on invoice F-6610 that I never used. I want it back.',
    ],
    correct: [
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', {
            invoice_id: 'F-6610',
            amount_eur: 640,
            summary: 'Disputes roaming charges.',
          })
          .use(
            'escalate_to_shift_lead',
            { invoice_id: 'F-6610', amount_eur: 640, reason: 'policy_gate' },
            JSON.stringify({ ticket: 'SL-311' }),
          )
          .say(
            "Refunds above 200 euro need a shift lead's approval; I've asked for it and will email you.",
          ),
    ],
    'bounce-then-escalate': [
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', {
            invoice_id: 'F-6610',
            amount_eur: 640,
            summary: 'Disputes roaming charges.',
          })
          .transfer('Frontline', { summary: 'Above my refund limit.' })
          .transfer('Billing Specialist', {
            invoice_id: 'F-6610',
            amount_eur: 640,
            summary: 'Above the limit: escalate it to the shift lead.',
          })
          .use(
            'escalate_to_shift_lead',
            { invoice_id: 'F-6610', amount_eur: 640, reason: 'policy_gate' },
            JSON.stringify({ ticket: 'SL-311' }),
          )
          .say(
            "Refunds above 200 euro need a shift lead's approval; I've asked for it and will email you.",
          ),
    ],
  },
  'fj-1003': {
    user: [
      'Hello, I have a problem with my account.',
      'My fibre line FB-2207 drops every evening since Monday.',
    ],
    correct: [
      (r) => r.agent('Frontline').say("I'm sorry to hear that. What's going on?"),
      (r) =>
        r
          .agent('Frontline')
          .transfer('Tech Support', { line_id: 'FB-2207', summary: 'Fibre drops every evening.' })
          .use(
            'run_line_test',
            { line_id: 'FB-2207' },
            JSON.stringify({ line_id: 'FB-2207', sync: 'unstable', errors_24h: 41 }),
          )
          .say('The line test shows an unstable sync; an engineer visit is booked for Thursday.'),
    ],
    'unneeded-then-missed': [
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', { summary: 'Problem with the account.' })
          .say('Which invoice is it about?'),
      (r) =>
        r
          .agent('Billing Specialist')
          .say('I can only help with invoices; please contact Tech Support about your line.'),
    ],
  },
  'fj-1004': {
    user: ['How much data is left on my plan, line MB-3303?'],
    correct: [
      (r) =>
        r
          .agent('Frontline')
          .use(
            'get_plan',
            { line_id: 'MB-3303' },
            JSON.stringify({ line_id: 'MB-3303', data_left_gb: 12.4 }),
          )
          .say('You have 12.4 GB left this month.'),
    ],
  },
  'fj-1005': {
    user: ['Please refund the 25 euro setup fee on invoice F-7781, it was meant to be waived.'],
    correct: [
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', {
            invoice_id: 'F-7781',
            amount_eur: 25,
            summary: 'Setup fee should have been waived.',
          })
          .use(
            'issue_refund',
            { invoice_id: 'F-7781', amount_eur: 25 },
            'An error occurred while running the tool. Please try again. Error: payments gateway timed out',
            { error: 'payments gateway timed out', ms: 5000 },
          )
          .use('issue_refund', { invoice_id: 'F-7781', amount_eur: 25 }, REFUNDED('902'))
          .say('Refunded the 25 euro setup fee on invoice F-7781.'),
    ],
    // The 3.1 payments wrapper swallowed the gateway timeout and answered as if nothing happened,
    // so the model called the tool again and the customer was refunded twice.
    'double-effect': [
      (r) =>
        r
          .agent('Frontline')
          .transfer('Billing Specialist', {
            invoice_id: 'F-7781',
            amount_eur: 25,
            summary: 'Setup fee should have been waived.',
          })
          .use(
            'issue_refund',
            { invoice_id: 'F-7781', amount_eur: 25 },
            JSON.stringify({ status: 'unknown', detail: 'gateway timeout' }),
            { ms: 5000 },
          )
          .use('issue_refund', { invoice_id: 'F-7781', amount_eur: 25 }, REFUNDED('902'))
          .say('Refunded the 25 euro setup fee on invoice F-7781.'),
    ],
  },
};

const RELEASES = [
  'correct',
  'late',
  'wrong-target',
  'dropped-fact',
  'double-effect',
  'bounce-then-escalate',
  'unneeded-then-missed',
  'reask',
];
const DAY = 86_400_000_000_000n;
const START = 1_796_000_000_000_000_000n; // 2026-11-30, staging replay

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'exports');
mkdirSync(out, { recursive: true });
RELEASES.forEach((release, r) => {
  const lines = [];
  Object.entries(CONVERSATIONS).forEach(([session, conversation], c) => {
    const turns = conversation[release] ?? conversation.correct;
    const history = [];
    turns.forEach((turn, t) => {
      const run = new AgentsRun({
        session,
        workflow: 'Fjord support',
        seed: `${release}:${session}:${t}`,
        startNs:
          START + BigInt(r) * DAY + BigInt(c) * 3_600_000_000_000n + BigInt(t) * 90_000_000_000n,
        agents: AGENTS,
        history,
        user: conversation.user[t],
      });
      turn(run);
      lines.push(exportLine(run.finish()));
    });
  });
  writeFileSync(join(out, `${release}.jsonl`), `${lines.join('\n')}\n`);
});
process.stdout.write(`wrote ${RELEASES.length} exports to ${out}\n`);
