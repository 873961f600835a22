import { defineContract } from 'baton-handoffs';
import { z } from 'zod';

/** Fewer findings than this and the writer has too little to write from. */
export const MIN_FINDINGS = 3;

/** One finding the writer may use: a claim and the source it must cite. */
const Finding = z.strictObject({
  claim: z.string().min(1),
  source_url: z.url(),
  confidence: z.enum(['high', 'medium', 'low']),
});

/**
 * The researcher → writer envelope: the writing task and at least three findings, each with
 * its source. The handoff tool's schema asks the model for the same; Baton checks what the
 * writer actually received, on every handoff it sees in the model traffic.
 */
export const researchContracts = [
  defineContract({
    from: 'researcher',
    to: 'writer',
    fields: {
      goal: z.string().min(1).max(800),
      findings: z.array(Finding).min(MIN_FINDINGS).max(10),
      constraints: z
        .strictObject({
          word_count: z.number().int().positive().optional(),
          tone: z.string().optional(),
        })
        .optional(),
    },
  }),
];
