import { z } from 'zod';
import type { ValidationKey } from './messages.ts';
import { isMscCode } from './msc-classes.ts';

// The classes themselves live in msc-classes.ts (no zod); importers of this module keep every name.
export { isMscCode, MSC_CLASSES, MSC_CODES, mscName, type MscClass } from './msc-classes.ts';

/** A person or institute names between 1 and this many research fields. */
export const MAX_RESEARCH_FIELDS = 5;

/**
 * A list of research field codes: at least one, at most MAX_RESEARCH_FIELDS, no repeats. The
 * web sends an array; a comma-separated string (a GET parameter) is accepted too.
 */
const key = (k: ValidationKey) => k;

export const ResearchFieldsSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : value,
  z
    .array(
      z
        .string({ error: key('validation.researchField') })
        .refine(isMscCode, { error: key('validation.researchField') }),
      { error: key('validation.required') },
    )
    .min(1, key('validation.required'))
    .max(MAX_RESEARCH_FIELDS, key('validation.maxItems'))
    .refine((codes) => new Set(codes).size === codes.length, { error: key('validation.duplicate') }),
);
