import { useListContext } from 'ra-core';
import { PAYMENT_TEXT as T } from '../../../domain/payments';
import { GetterPicker, withCuit } from '../../ui/getterPicker/GetterPicker';

/**
 * The payment lists' Getter filter (`getterId`): the Getter searched as the mass payment's is, by name or
 * CUIT/CUIL; 'Todos' removes it. It applies at once, with the date range that may be applied too, and the
 * filter's total follows it (the server sums that Getter's transactions). It offers the Getters the list can
 * hold, active or not (one who left the platform is still paid, and stays in the history): with something
 * pending (`owed`, the pending list) or paid at least once (the history).
 */
export function GetterFilter({ owed = false }: { owed?: boolean }) {
  const list = useListContext();
  const value = list.filterValues.getterId ? Number(list.filterValues.getterId) : null;
  return (
    <GetterPicker
      width={300}
      withPending={owed}
      withPaid={!owed}
      value={value}
      emptyLabel="Todos"
      label={T.getter}
      itemLabel={withCuit}
      // No line kept for a message that never comes: the picker stands in the toolbar, beside the dates.
      helperText=""
      onChange={(getter) => {
        const { getterId: _getterId, ...rest } = list.filterValues;
        list.setFilters(getter ? { ...rest, getterId: getter.id } : rest, undefined, false);
      }}
    />
  );
}
