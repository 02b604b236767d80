import { useQuery } from '@tanstack/react-query';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { request } from '../../dataProvider/http';
import { type Choice, SelectInput } from './inputs';

export interface CascadeLevel {
  name: string;
  label: string;
  /** The GET path of this level's choices, given the parent's value (the first level gets null). */
  path: (parent: Choice['id'] | null) => string;
}

/**
 * Selects that depend on each other (country → state → city, spec 1 §4): a level's list loads once
 * its parent has a value, picking or clearing a parent empties its children, and a level stays
 * disabled while its list is empty.
 */
export function CascadeSelects({ levels, required, disabled, invalidWith }: { levels: CascadeLevel[]; required?: boolean; disabled?: boolean; invalidWith?: string }) {
  const { setValue } = useFormContext();
  const values = useWatch({ name: levels.map((l) => l.name) }) as (Choice['id'] | null)[];
  // The error of the levels together (`invalidWith`, said in the form's dialog, and only renewed by the next
  // save): the levels still empty are marked.
  const { errors } = useFormState({ name: invalidWith, disabled: !invalidWith });
  const together = Boolean(invalidWith && errors[invalidWith]);
  const marked = (index: number) => together && (values[index] === null || values[index] === undefined || values[index] === '');
  const clearBelow = (index: number) => {
    for (const child of levels.slice(index + 1)) setValue(child.name, null, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <>
      {levels.map((level, index) => (
        <CascadeLevelSelect
          key={level.name}
          level={level}
          parent={index === 0 ? null : (values[index - 1] ?? null)}
          isRoot={index === 0}
          required={required}
          disabled={disabled}
          onPick={() => clearBelow(index)}
          invalid={marked(index)}
        />
      ))}
    </>
  );
}

function CascadeLevelSelect({
  level,
  parent,
  isRoot,
  required,
  disabled,
  onPick,
  invalid,
}: {
  level: CascadeLevel;
  parent: Choice['id'] | null;
  isRoot: boolean;
  required?: boolean;
  disabled?: boolean;
  onPick: () => void;
  invalid: boolean;
}) {
  const enabled = isRoot || (parent !== null && parent !== '');
  const path = enabled ? level.path(parent) : null;
  const query = useQuery({ queryKey: ['cascade', path], queryFn: () => request<Choice[]>(path!), enabled, staleTime: 10 * 60_000 });
  const choices = enabled ? (query.data ?? []) : [];
  return (
    <SelectInput
      name={level.name}
      label={level.label}
      required={required}
      choices={choices}
      loading={enabled && query.isPending}
      disabled={disabled || choices.length === 0}
      onChange={onPick}
      invalid={invalid}
    />
  );
}
