import { Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type RaRecord, useCreate, useNotify, useUpdate } from 'ra-core';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { AccessDenied } from 'react-admin';
import { Navigate, Route, useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { type Area, canUse, type Operation } from '../../domain/roles';
import { currentRole } from '../authProvider';
import type { Endpoints } from '../dataProvider/endpoints/types';
import { request } from '../dataProvider/http';
import { useFreshRecord } from '../dataProvider/useFreshRecord';
import { CampoForm, type FormMode } from '../ui/form/CampoForm';
import { CheckboxInput, type Choice, DateInput, SelectInput, TextInput } from '../ui/form/inputs';
import { KeyValueListInput } from '../ui/form/KeyValueListInput';
import { CampoList, type CampoListProps } from '../ui/table/CampoList';
import { Missing } from '../ui/Missing';

/**
 * What a resource folder registers: its name, the area of the access matrix that guards it, its
 * endpoint map (loaded with the shell: the data provider needs it) and its screens (loaded lazily).
 */
export interface ResourceEntry {
  name: string;
  area: Area;
  endpoints: Endpoints;
  load: () => Promise<{ default: Screens }>;
}

/** A resource's screens: the list at its root and its own routes (add, edit/:id, view/:id…). */
export interface Screens {
  list: ComponentType;
  routes: ReactElement[];
}

export type FieldDeclaration =
  | {
      source: string;
      label: string;
      kind?: 'text' | 'multiline' | 'date';
      required?: boolean;
      helperText?: string;
      span?: 1 | 2;
      /** A multiline's height: `min` lines, growing to `max`. */
      rows?: { min: number; max?: number };
    }
  | { source: string; label: string; kind: 'checkbox'; span?: 1 | 2 }
  /** A repeatable list of `{ key, value }` pairs. */
  | { source: string; label?: string; kind: 'keyValues'; addLabel?: string; span?: 1 | 2 }
  | {
      source: string;
      label: string;
      kind: 'select';
      required?: boolean;
      helperText?: string;
      span?: 1 | 2;
      /** Fixed choices, or a GET path whose answer is a list of `{ id, name }`. */
      choices: Choice[] | { from: string };
    };

export interface FormDeclaration<V> {
  schema: z.ZodType<any, any>;
  /** The empty values of ADD mode. */
  empty: V;
  /** A record as the form's values (EDIT / VIEW). */
  toValues: (record: RaRecord) => V;
  fields: FieldDeclaration[] | ComponentType;
  title: { add: string; edit: (record: RaRecord) => string; view: (record: RaRecord) => string };
  saved?: { created: string; updated: string };
  /** Ask before saving an edit, with these words (ADD always asks). */
  confirmEdit?: { title?: string; content: string };
  /** The rules of EDIT / VIEW when they differ from ADD's (a password that may stay empty). */
  editSchema?: (record: RaRecord) => z.ZodType<any, any>;
  /** Whether a record can be edited; one that cannot opens in VIEW, without the edit button. */
  editable?: (record: RaRecord) => boolean;
  /** What else follows an edit saved, given the record as the server answered it. */
  afterUpdate?: (saved: RaRecord) => void;
  /** Buttons in the header of a record's EDIT and VIEW (a client's 'Locaciones' and 'Atributos'). */
  actions?: (record: RaRecord) => ReactNode;
}

export interface ResourceDeclaration<V> {
  name: string;
  /**
   * The area of the access matrix whose write access the add button, the add route and EDIT need:
   * staff who only read get the list without the add button, VIEW instead of EDIT and no add form.
   */
  area?: Area;
  /** The list screen: the shared table's props, or a hand-written screen. */
  list: Omit<CampoListProps, 'addPath'> | ComponentType;
  form?: FormDeclaration<V>;
  /** Extra routes below the resource's root. */
  routes?: ReactElement[];
}

/**
 * Builds a resource's screens from its declaration: the shared table at /{name}, the shared form at
 * /{name}/add, /{name}/edit/:id and /{name}/view/:id.
 */
export function defineScreens<V extends Record<string, unknown>>(declaration: ResourceDeclaration<V>): Screens {
  const { name, list, form, area } = declaration;
  const canWrite = () => area === undefined || canUse(currentRole(), area, 'write');
  const List: ComponentType =
    typeof list === 'function'
      ? list
      : () => {
          const writes = canWrite();
          // Staff who only read: each column as readers see it, and no row actions (they edit or end).
          const shown = writes ? list : { ...list, columns: list.columns.flatMap((c) => (c.forReaders === undefined ? [c] : c.forReaders ? [c.forReaders] : [])), rowActions: undefined };
          return <CampoList {...shown} addPath={list.addLabel && writes ? `/${name}/add` : undefined} viewPath={list.viewPath ?? ((r) => `/${name}/view/${r.id}`)} />;
        };
  const routes = [...(declaration.routes ?? [])];
  if (form) {
    const create = <CreatePage name={name} form={form} />;
    routes.push(
      <Route key="add" path="add" element={area ? <Allowed area={area} operation="write">{create}</Allowed> : create} />,
      <Route key="edit" path="edit/:id" element={<RecordPage name={name} form={form} mode="EDIT" canWrite={canWrite} />} />,
      <Route key="view" path="view/:id" element={<RecordPage name={name} form={form} mode="VIEW" canWrite={canWrite} />} />,
    );
  }
  return { list: List, routes };
}

const RECORD_PATH = /^(.*?)(edit|view)\/:[^/]+$/;

/**
 * The resource's routes plus, for each record address ('edit/:id', ':clientId/features/view/:id'…) whose
 * id-less form has no route of its own, that id-less address ('/moves-config/edit', as the spec writes
 * it) leading one level up, to the list the record is chosen in, instead of a 'No encontrado'.
 */
export function withListAddresses(routes: ReactElement[]): ReactElement[] {
  const paths = new Set(routes.map((route) => (route.props as { path?: string }).path));
  const bare = routes.flatMap((route) => {
    const match = RECORD_PATH.exec((route.props as { path?: string }).path ?? '');
    const path = match && `${match[1]}${match[2]}`;
    if (!path || paths.has(path)) return [];
    paths.add(path);
    return [<Route key={`${path}-list`} path={path} element={<Navigate to=".." relative="path" replace />} />];
  });
  return [...routes, ...bare];
}

/** The screen when the user's role may read (or write) the area; react-admin's 'Acceso denegado' page otherwise. */
export function Allowed({ area, operation = 'read', children }: { area: Area; operation?: Operation; children: ReactNode }) {
  return canUse(currentRole(), area, operation) ? children : <AccessDenied />;
}

function CreatePage<V extends Record<string, unknown>>({ name, form }: { name: string; form: FormDeclaration<V> }) {
  const [create] = useCreate();
  const navigate = useNavigate();
  const notify = useNotify();
  return (
    <CampoForm<V>
      mode="ADD"
      title={form.title.add}
      schema={form.schema}
      defaultValues={form.empty}
      backPath={`/${name}`}
      onSubmit={async (values) => {
        await create(name, { data: values }, { returnPromise: true });
        notify(form.saved?.created ?? 'Creado con éxito', { type: 'success' });
        navigate(`/${name}`);
      }}
    >
      <Fields fields={form.fields} />
    </CampoForm>
  );
}

function RecordPage<V extends Record<string, unknown>>({
  name,
  form,
  mode,
  canWrite,
}: {
  name: string;
  form: FormDeclaration<V>;
  mode: Exclude<FormMode, 'ADD'>;
  canWrite: () => boolean;
}) {
  const { id } = useParams();
  // An address whose id no record can have ('abc') is not asked for: it would be a request for 'NaN'
  // answered with 'Revise los datos ingresados.'.
  const valid = id !== undefined && /^[1-9]\d{0,9}$/.test(id);
  const { data, isPending, error } = useFreshRecord(name, Number(id), { enabled: valid });
  const [update] = useUpdate();
  const navigate = useNavigate();
  const notify = useNotify();
  if (!valid) return <Missing />;
  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Cargando" />;
  if (error || !data) return <Missing error={error} />;
  const editable = canWrite() && (form.editable?.(data) ?? true);
  const shownMode = editable ? mode : 'VIEW';
  return (
    <CampoForm<V>
      key={`${shownMode}-${data.id}`}
      mode={shownMode}
      title={shownMode === 'EDIT' ? form.title.edit(data) : form.title.view(data)}
      actions={form.actions?.(data)}
      schema={form.editSchema?.(data) ?? form.schema}
      defaultValues={form.toValues(data)}
      record={data}
      confirm={form.confirmEdit}
      backPath={`/${name}`}
      editPath={editable ? `/${name}/edit/${data.id}` : undefined}
      viewPath={`/${name}/view/${data.id}`}
      onSubmit={async (values, loaded) => {
        const saved = await update(name, { id: data.id, data: values, previousData: loaded }, { returnPromise: true, mutationMode: 'pessimistic' });
        if (saved) form.afterUpdate?.(saved);
        notify(form.saved?.updated ?? 'Cambios guardados con éxito', { type: 'success' });
        navigate(`/${name}`);
        return saved;
      }}
    >
      <Fields fields={form.fields} />
    </CampoForm>
  );
}

function Fields({ fields }: { fields: FieldDeclaration[] | ComponentType }) {
  if (typeof fields === 'function') {
    const Custom = fields;
    return <Custom />;
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
      {fields.map((field) => (
        <Box key={field.source} sx={{ gridColumn: field.span === 2 ? { md: 'span 2' } : undefined }}>
          <Field field={field} />
        </Box>
      ))}
    </Box>
  );
}

function Field({ field }: { field: FieldDeclaration }): ReactNode {
  switch (field.kind) {
    case 'checkbox':
      return <CheckboxInput name={field.source} label={field.label} />;
    case 'select':
      return <RemoteSelect field={field} />;
    case 'date':
      return <DateInput name={field.source} label={field.label} required={field.required} helperText={field.helperText} />;
    case 'keyValues':
      return <KeyValueListInput name={field.source} label={field.label} addLabel={field.addLabel} />;
    default:
      return (
        <TextInput name={field.source} label={field.label} required={field.required} helperText={field.helperText} multiline={field.kind === 'multiline'} rows={field.rows} />
      );
  }
}

function RemoteSelect({ field }: { field: Extract<FieldDeclaration, { kind: 'select' }> }) {
  const from = Array.isArray(field.choices) ? null : field.choices.from;
  const remote = useQuery({
    queryKey: ['choices', from],
    queryFn: () => request<Choice[]>(from!),
    enabled: from !== null,
    staleTime: 5 * 60_000,
  });
  const choices = Array.isArray(field.choices) ? field.choices : (remote.data ?? []);
  return <SelectInput name={field.source} label={field.label} required={field.required} helperText={field.helperText} choices={choices} loading={from !== null && remote.isPending} />;
}
