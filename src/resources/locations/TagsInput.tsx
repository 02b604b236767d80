import { Autocomplete, Chip, TextField } from '@mui/material';
import { chipProps } from '../../ui/form/chips';
import { useQuery } from '@tanstack/react-query';
import type { TagPair } from '../../../domain/locations';
import type { TagGroup } from '../../../domain/tags';
import { request } from '../../dataProvider/http';
import { useField } from '../../ui/form/inputs';

/** `retired`: a pair the location has that no active group offers any more (deactivated or edited since). */
type TagOption = TagPair & { group: string; retired?: boolean };

const same = (a: TagPair, b: TagPair) => a.key === b.key && a.value === b.value;

/**
 * The location's tags: key/value pairs picked from the active tag groups (spec 3), the only ones offered
 * (the server refuses others). A pair the location already has and no active group offers is kept,
 * marked '(inactivo)', as the server keeps it.
 */
export function TagsInput({ label = 'Tags' }: { label?: string }) {
  const { field, shownError, readOnly } = useField('keysValues');
  const groups = useQuery({
    queryKey: ['tag-groups', 'active'],
    queryFn: async () => (await request<{ rows: TagGroup[] }>('/tags', { query: { active: true, limit: 1000, sort: 'groupName' } })).rows,
    staleTime: 60_000,
  });
  const options: TagOption[] = (groups.data ?? []).flatMap((g) => g.keysValues.map((p) => ({ group: g.groupName, key: p.key, value: p.value })));
  const chosen: TagPair[] = Array.isArray(field.value) ? field.value : [];
  const value: TagOption[] = chosen.map((p) => options.find((o) => same(o, p)) ?? { ...p, group: '', retired: groups.isSuccess });
  const labelOf = (o: TagOption) => `${o.key}: ${o.value}${o.retired ? ' (inactivo)' : ''}`;
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={groups.isPending}
      loadingText="Cargando…"
      disabled={readOnly}
      filterSelectedOptions
      disableCloseOnSelect
      groupBy={(o) => o.group}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a: TagOption, b: TagOption) => same(a, b)}
      onChange={(_, picked) => field.onChange(picked.map(({ key, value: v }) => ({ key, value: v })))}
      onBlur={field.onBlur}
      renderValue={(values, getItemProps) =>
        values.map((o, index) => <Chip size="small" label={labelOf(o)} {...chipProps(getItemProps({ index }), readOnly)} key={`${o.key}=${o.value}`} />)
      }
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={chosen.length ? undefined : 'Filtrar resultados'} error={Boolean(shownError)} helperText={shownError ?? 'Clave y valor de los grupos de tags activos'} size="small" />
      )}
    />
  );
}
