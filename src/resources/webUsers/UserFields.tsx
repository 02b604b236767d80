import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { type ReactNode, useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { requiresClient, type UserRole } from '../../../domain/roles';
import { hasDashboardLinks, WEB_USER_TEXT } from '../../../domain/webUsers';
import { getSession } from '../../authProvider/session';
import { request } from '../../dataProvider/http';
import { ClientInput } from '../../ui/ClientPicker';
import { useFormMode } from '../../ui/form/CampoForm';
import { CheckboxInput, type Choice, SelectInput, TextInput } from '../../ui/form/inputs';

/** The 15 roles as choices, fetched once (GET /web-users-roles). */
export function useRoleChoices() {
  return useQuery({
    queryKey: ['web-users-roles'],
    queryFn: async () => (await request<{ id: number; description: string }[]>('/web-users-roles')).map((r): Choice => ({ id: r.id, name: r.description })),
    staleTime: Infinity,
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
}

/** The actions the chosen role may be granted, as checkboxes over the `actions` id list. */
function Permissions({ rolId }: { rolId: UserRole }) {
  const mode = useFormMode();
  const { setValue } = useFormContext();
  const granted = (useWatch({ name: 'actions' }) as number[] | undefined) ?? [];
  const available = useQuery({
    queryKey: ['roles-actions', rolId],
    queryFn: () => request<{ actionId: number; description: string }[]>('/web-users/permissions/roles-actions', { query: { role_id: rolId } }),
    enabled: rolId !== null,
    staleTime: Infinity,
  });
  // A permission ticked under another role goes with it: back on that role, the box is not ticked
  // unasked (the server keeps only the role's own, but the form said otherwise).
  const offered = rolId === null ? [] : available.data;
  useEffect(() => {
    if (!offered) return;
    const kept = granted.filter((a) => offered.some((o) => o.actionId === a));
    if (kept.length !== granted.length) setValue('actions', kept, { shouldDirty: true, shouldValidate: true });
  }, [offered, granted, setValue]);
  const toggle = (actionId: number, on: boolean) =>
    setValue('actions', on ? [...granted, actionId] : granted.filter((a) => a !== actionId), { shouldDirty: true, shouldValidate: true });
  const actions = available.data ?? [];
  return (
    <Box component="section" aria-label="Permisos" sx={{ mb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Permisos
      </Typography>
      {rolId === null ? (
        <Typography color="text.secondary">Elija un rol para ver sus permisos.</Typography>
      ) : actions.length === 0 ? (
        <Typography color="text.secondary">{available.isPending ? 'Cargando…' : 'El rol elegido no tiene permisos configurables.'}</Typography>
      ) : (
        <FormGroup>
          {actions.map((a) => (
            <FormControlLabel
              key={a.actionId}
              label={a.description}
              control={<Checkbox checked={granted.includes(a.actionId)} disabled={mode === 'VIEW'} onChange={(e) => toggle(a.actionId, e.target.checked)} />}
            />
          ))}
        </FormGroup>
      )}
    </Box>
  );
}

const DASHBOARD_LINKS = ['checklistAccessUrl', 'checkerAccessToken'] as const;

/**
 * The user form (spec 3 §2, §5): user data, assignment and permissions. The client applies only to
 * roles 5, 6, 14 and 15; for any other role the field is disabled and cleared.
 */
export function UserFields() {
  const mode = useFormMode();
  const { getValues, setValue, clearErrors, trigger } = useFormContext();
  const rawRole = useWatch({ name: 'rolId' }) as number | string | null;
  const rolId = rawRole === null || rawRole === '' ? null : (Number(rawRole) as UserRole);
  const needsClient = requiresClient(rolId);
  const roles = useRoleChoices();
  // One's own role and state are not one's to change (the server refuses both): offered, they only failed.
  const { id } = useParams();
  const own = mode !== 'ADD' && id !== undefined && id === String(getSession()?.profile.id);

  useEffect(() => {
    if (needsClient) return;
    if (getValues('clientId') !== null) setValue('clientId', null, { shouldDirty: true, shouldValidate: true });
    else clearErrors('clientId');
  }, [needsClient, getValues, setValue, clearErrors]);

  // The dashboard's links go with a role that sees the dashboard: another role clears them (the server
  // drops them too), so a hidden field never holds the form back with its error.
  const dashboardLinks = hasDashboardLinks(rolId);
  useEffect(() => {
    if (dashboardLinks) return;
    for (const link of DASHBOARD_LINKS) {
      if (getValues(link)) setValue(link, '', { shouldDirty: true, shouldValidate: true });
      else clearErrors(link);
    }
  }, [dashboardLinks, getValues, setValue, clearErrors]);

  // The phone is asked for while WhatsApp notifications are on (they go to it): ticking or unticking the
  // box checks it again, so its message comes and goes with the box, not only when the phone is typed.
  const whatsapp = Boolean(useWatch({ name: 'sendWhatsappNotification' }));
  useEffect(() => {
    if (mode !== 'VIEW') void trigger('primaryPhone');
  }, [whatsapp, mode, trigger]);

  return (
    <>
      <Section title="Datos del usuario">
        <TextInput name="names" label="Nombres" required />
        <TextInput name="lastName" label="Apellido" required />
        <TextInput name="email" label="Email" required type="email" autoComplete="off" />
        <TextInput name="primaryPhone" label="Teléfono" helperText={WEB_USER_TEXT.phoneHint} />
        {mode !== 'VIEW' && (
          <TextInput
            name="password"
            label="Contraseña"
            type="password"
            autoComplete="new-password"
            required={mode === 'ADD'} helperText={mode === 'ADD' ? WEB_USER_TEXT.passwordHint : WEB_USER_TEXT.passwordKeep} />
        )}
        <TextInput name="linkSurveyMonkey" label="Link de encuesta" />
      </Section>
      <Section title="Asignación">
        <SelectInput name="rolId" label="Rol" required choices={roles.data ?? []} loading={roles.isPending} disabled={own} helperText={own ? WEB_USER_TEXT.selfRole : undefined} />
        {/* Active clients are offered; an inactive one stays named, '(inactivo)', on the users it already has. */}
        <ClientInput
          name="clientId"
          required={needsClient}
          activeOnly
          disabled={!needsClient}
          helperText={needsClient ? undefined : 'Sólo para los roles Cliente, Franquicia, Inactivo y Gerente zonal'}
        />
        <CheckboxInput name="sendWhatsappNotification" label="Recibe notificaciones por WhatsApp" />
        {mode !== 'ADD' && <CheckboxInput name="status" label="Activo" disabled={own} />}
        {own && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {WEB_USER_TEXT.selfDeactivate}
          </Typography>
        )}
      </Section>
      {dashboardLinks && (
        <Section title="Panel del cliente">
          <TextInput name="checklistAccessUrl" label="Enlace de Supervisión (checklist)" helperText={WEB_USER_TEXT.checklistLinkHint} />
          <TextInput name="checkerAccessToken" label="Enlace de Historial (verificador)" helperText={WEB_USER_TEXT.historyLinkHint} />
        </Section>
      )}
      <Permissions rolId={rolId} />
    </>
  );
}
