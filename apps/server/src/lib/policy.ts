import { forbidden, type AppError } from './errors.ts';

/**
 * One access policy per module (DESIGN §19): every decision about an object is a named rule in
 * the module's `<module>.policy.ts`, a pure function of who acts and the object as loaded. Its
 * services ask `can` (to branch, e.g. a detail's `can` flags) or `authorize` (to refuse), and its
 * tests can call the same rules directly. Loading the object (404) and checking its state (409)
 * stay in the service: a rule answers only "may this actor do this to this object".
 *
 *   export const demandPolicy = definePolicy({
 *     edit: (actor: OrgActor, demand: Pick<DemandRow, 'org_id'>) => demand.org_id === actor.org.id,
 *   });
 *   demandPolicy.authorize(actor, 'edit', demand); // 304 otherwise
 */

// `never` parameters: a rule may take any actor and object type (a function of narrower
// parameters is assignable to one of `never` parameters); `can` recovers each rule's own types.
type Rule = (actor: never, object: never) => boolean;

export interface Policy<Rules extends Record<string, Rule>> {
  /** Whether `actor` may do `action` to `object`. */
  can<A extends keyof Rules & string>(
    actor: Parameters<Rules[A]>[0],
    action: A,
    object: Parameters<Rules[A]>[1],
  ): boolean;
  /**
   * Throws unless `actor` may do `action` to `object`: 304 (forbidden), or the error `refusal`
   * makes where the module answers otherwise (e.g. 404 for a draft a stranger may not know of).
   */
  authorize<A extends keyof Rules & string>(
    actor: Parameters<Rules[A]>[0],
    action: A,
    object: Parameters<Rules[A]>[1],
    refusal?: () => AppError,
  ): void;
  /** The rules themselves, for tests that enumerate them. */
  readonly rules: Rules;
}

export function definePolicy<Rules extends Record<string, Rule>>(rules: Rules): Policy<Rules> {
  const can = <A extends keyof Rules & string>(
    actor: Parameters<Rules[A]>[0],
    action: A,
    object: Parameters<Rules[A]>[1],
  ): boolean => (rules[action] as (actor: unknown, object: unknown) => boolean)(actor, object);
  return {
    can,
    authorize(actor, action, object, refusal = forbidden) {
      if (!can(actor, action, object)) throw refusal();
    },
    rules,
  };
}
