/**
 * The Groups screen's list writes — d delete (refused while rules use the group), D delete
 * all (the rules the device deletes with them listed, save first offered) — behind the
 * confirmation.
 */
import type { Group } from '../../model/index.js';
import { groupDeleteRefusal } from '../../tcam/index.js';
import type { EditSession } from '../rules/edit-session.js';
import type { GroupForm } from './editor-state.js';
import { impactLines, planGroupDelete, planGroupDeleteAll } from './model.js';
import type { GroupRow } from './rows.js';

export interface GroupWriteContext {
  session: EditSession<GroupForm>;
  groups: readonly Group[] | undefined;
  selected(): GroupRow | undefined;
  /** After a delete: the detail (of a group now gone) closes. */
  closeDetail(): void;
  notify(message: string): void;
}

export function groupWrites({ session, groups, selected, closeDetail, notify }: GroupWriteContext) {
  const { change, device } = session;
  return {
    'groups.delete': () => {
      const row = selected();
      change.write('delete', () => {
        if (!row) return notify('no group selected');
        const refusal = groupDeleteRefusal(row.group.group_id, row.users);
        if (refusal) return notify(refusal);
        change.open(planGroupDelete(row.group, false, new Date()), {
          saveFirst: false,
          rebuild: (save) => planGroupDelete(row.group, save, new Date()),
          onClose: (r) => r?.ok && closeDetail(),
        });
      });
    },
    'groups.deleteAll': () =>
      change.write('delete all', () => {
        if (!groups?.length) return notify('there are no groups to delete');
        const plan = (save: boolean) => planGroupDeleteAll(groups, device.rules, save, new Date());
        change.open(plan(true), {
          saveFirst: true,
          rebuild: plan,
          impact: impactLines(plan(false).expectGone ?? []),
          onClose: (r) => r?.ok && closeDetail(),
        });
      }),
  };
}
