import { AUDIT_LOG_STRINGS as S } from './strings';

const ADMIN_EVENT = /^admin\.([a-z-]+)\.([a-z-]+)$/;

/**
 * An audit entry's event name in Russian: a fixed label, or for an admin's content action
 * (`admin.<target>.<action>`) the target's noun with the action's participle agreeing with it
 * («Аниме: изменено», «Рецензия: одобрена»); any other name is shown as it is.
 */
export function auditEventLabel(name: string): string {
  const fixed = S.events[name];
  if (fixed) return fixed;
  const [, target, action] = ADMIN_EVENT.exec(name) ?? [];
  const noun = target && Object.hasOwn(S.adminTargets, target) ? S.adminTargets[target as keyof typeof S.adminTargets] : undefined;
  const forms = action && Object.hasOwn(S.adminActions, action) ? S.adminActions[action] : undefined;
  return noun && forms ? S.adminAction(noun.noun, forms[noun.gender]) : name;
}
