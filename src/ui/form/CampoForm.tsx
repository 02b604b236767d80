import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, Card, CardContent, CircularProgress, IconButton, Tooltip } from '@mui/material';
import type { RaRecord } from 'ra-core';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type FieldValues, FormProvider, type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { DRAFT_TEXT } from '../../../domain/auth';
import { type Draft, draftHere, dropDraft, lendDraft, nothingToKeep } from '../../authProvider/drafts';
import { getSession } from '../../authProvider/session';
import { ConfirmDialog, ErrorDialog, errorMessages } from '../dialogs';
import { useConfirmLeave } from './useConfirmLeave';
import { CHAT_GUTTER } from '../chatGutter';
import { ScreenSubtitle, ScreenTitle, TITLE_BEFORE_SUBTITLE } from '../ScreenTitle';

export type FormMode = 'ADD' | 'EDIT' | 'VIEW';

const ModeContext = createContext<FormMode>('ADD');
export const useFormMode = () => useContext(ModeContext);

/** Text an input holds outside the form's values (an e-mail typed, not yet a chip), keyed by field. */
type Holds = Map<string, () => boolean>;
const HoldsContext = createContext<{ current: Holds } | null>(null);

/**
 * An input whose box holds text the form's values do not have yet (the e-mail list's invalid address)
 * keeps the form from saving while `held()` is true: saving would drop what the user still sees typed.
 * `held` shows the input's own message; the form then saves nothing.
 */
export function useHoldSave(name: string, held: () => boolean) {
  const holds = useContext(HoldsContext);
  const latest = useRef(held);
  latest.current = held;
  useEffect(() => {
    if (!holds) return;
    holds.current.set(name, () => latest.current());
    return () => void holds.current.delete(name);
  }, [holds, name]);
}

export interface CampoFormProps<T extends FieldValues> {
  mode: FormMode;
  title: string;
  /** A line beside the title saying whose record it is ('Nueva locacion' of a client). */
  subtitle?: string;
  /** Buttons in the header, beside 'Editar' / 'Ver': what else of the record there is to see (a client's points of sale). */
  actions?: ReactNode;
  schema: z.ZodType<any, any>;
  defaultValues: T;
  /**
   * EDIT: the record as the form loaded its values. Each save is given it (react-admin's
   * `previousData`): its `updatedAt` tells the server which version the values were edited from, so a
   * save over someone else's change since is refused (409) instead of undoing it. Kept from the form's
   * first render, not taken from the page's record, which a refetch (a window focus) may have replaced
   * with that other person's version.
   */
  record?: RaRecord;
  /**
   * Saves; `false` when it did not (it showed why itself): the form stays unsaved. An EDIT save gives
   * back the record the server answered, the version a second save from this open form starts from.
   */
  onSubmit: (values: T, record?: RaRecord) => Promise<void | false | RaRecord>;
  /** Ask before saving; always asked in ADD mode (spec 1 §2.3). */
  confirm?: boolean | { title?: string; content?: ReactNode };
  backPath: string;
  editPath?: string;
  viewPath?: string;
  /**
   * Ask before leaving with unsaved changes ('No se guardarán los cambios' / '¿Deseas continuar?'): every
   * form does unless it says `false` (some asked and others, as the client's edit, dropped the changes).
   */
  confirmLeave?: boolean;
  /** Errors of rules with no input of their own (the whole list of values…): shown in the error dialog on Save. */
  dialogFields?: readonly string[];
  /** Save stays disabled while this is false (e.g. an attribute with no values yet). */
  canSave?: (values: T) => boolean;
  children: ReactNode;
}

/** A field's message, for a plain field or the root of a list (react-hook-form puts those in `root`). */
function messageOf(errors: FieldErrors, field: string): string | undefined {
  const error = errors[field] as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

/** What an error of react-hook-form holds besides the errors of the items of a list. */
const ERROR_OWN_KEYS = new Set(['message', 'type', 'types', 'ref', 'root']);

/**
 * Whether an input on screen shows one of the form's errors: any error but the rule of a dialog field
 * itself (`dialogFields`, which no input shows); an item of such a list (an attribute's value left empty)
 * has its input, and counts.
 */
export function errorOnScreen(errors: FieldErrors, dialogFields: readonly string[]): boolean {
  return Object.entries(errors).some(([field, error]) => !dialogFields.includes(field) || Object.keys(error ?? {}).some((key) => !ERROR_OWN_KEYS.has(key)));
}

/** The one form every ADD / EDIT / VIEW screen uses (spec 1 §2.3). */
export function CampoForm<T extends FieldValues>({
  mode,
  title,
  subtitle,
  actions,
  schema,
  defaultValues,
  record,
  onSubmit,
  confirm,
  backPath,
  editPath,
  viewPath,
  confirmLeave = true,
  dialogFields = [],
  canSave,
  children,
}: CampoFormProps<T>) {
  const navigate = useNavigate();
  // The page's address with its query: 'Duplicar' a project and 'Nuevo proyecto' are one path.
  const { pathname, search } = useLocation();
  const page = pathname + search;
  // What was typed here when the session ended under it, back after logging in again (drafts.ts).
  const [draft] = useState<{ kept: Draft; stored: boolean } | null>(() => {
    const kept = mode !== 'VIEW' ? draftHere(page) : null;
    // A draft equal to what the page loaded: its save went through before the session ended (its answer
    // was lost), or someone saved the same. Nothing to restore; the form says it is stored.
    return kept && { kept, stored: nothingToKeep(kept.values, defaultValues) };
  });
  const [restored, setRestored] = useState<Draft | null>(draft && !draft.stored ? draft.kept : null);
  const form = useForm<T>({ defaultValues: defaultValues as never, resolver: zodResolver(schema as never) as unknown as Resolver<T>, mode: 'all' });
  const { formState } = form;
  useEffect(() => {
    if (draft) dropDraft(page);
    if (!restored) return;
    // The loaded values stay the form's defaults: the restored ones are changes to save, or to reset.
    form.reset({ ...defaultValues, ...(restored.values as object) } as T, { keepDefaultValues: true });
    // Once, on opening: the draft is the form's first values.
  }, []);
  const [asking, setAsking] = useState<T | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const watched = useWatch({ control: form.control }) as T;
  // A restored draft saves against the version its values were edited from: a change someone made
  // meanwhile is refused (409), not undone.
  const loaded = useRef(restored?.record && record ? ({ ...record, ...(restored.record as object) } as RaRecord) : record);
  const holds = useRef<Holds>(new Map());

  // While a save runs, the screen's own navigation after it (to the list, to the record) is no leaving;
  // and 'Guardar' stays off: a save confirmed in the dialog runs after react-hook-form's submit ended,
  // so its `isSubmitting` no longer says so (a second 'Guardar' › 'Confirmar' created a second record).
  const saving = useRef(false);
  const [pending, setPending] = useState(false);
  const busy = formState.isSubmitting || pending;
  const isView = mode === 'VIEW';
  // Once pressed, 'Guardar' waits for the errors it marked to be fixed; one that no input shows (an
  // attribute's value repeated, the place left incomplete) leaves it on: pressing it says the error in
  // the dialog, where a disabled button said nothing at all.
  const saveDisabled =
    isView ||
    busy ||
    !formState.isDirty ||
    (!formState.isValid && formState.submitCount > 0 && errorOnScreen(formState.errors, dialogFields)) ||
    (canSave ? !canSave(watched) : false);
  const unsaved = Boolean(confirmLeave) && formState.isDirty && !isView;
  // Every way out asks: the side menu and the header's links too, not only 'Cancelar' and the back arrow.
  const { leave, dialog: leaveDialog } = useConfirmLeave(() => unsaved && !saving.current, { anyNavigation: true });
  // While open with unsaved changes, the form lends them to be kept if the session ends (drafts.ts).
  useEffect(() => {
    const session = getSession();
    if (isView || !session) return;
    const userId = session.profile.id;
    // Of the record, only what says which version was edited: nothing else of it is kept in the tab.
    const version = () => (loaded.current ? { id: loaded.current.id, updatedAt: loaded.current.updatedAt as unknown } : undefined);
    return lendDraft(() => {
      const values = form.getValues();
      if (!form.formState.isDirty || nothingToKeep(values, form.formState.defaultValues)) return null;
      return { path: page, userId, values, record: version() };
    });
  }, [form, isView, page]);
  // Back to the values the page loaded; from a restored draft, to the version the page loaded too (the
  // draft's own may be gone: a save would be refused), and no word of it.
  const startOver = () => {
    form.reset(defaultValues);
    if (restored) loaded.current = record;
    setRestored(null);
  };
  const askFirst = mode === 'ADD' || Boolean(confirm);
  const confirmText = typeof confirm === 'object' ? confirm : {};

  const save = async (values: T) => {
    if (saving.current) return;
    saving.current = true;
    setPending(true);
    try {
      // Saved: what is on screen is what is stored, and leaving afterwards (a success dialog's button)
      // asks nothing.
      const saved = await onSubmit(values, loaded.current);
      if (saved !== false) {
        if (saved) loaded.current = saved;
        form.reset(values, { keepValues: true });
        setRestored(null);
      }
    } catch (error) {
      const fieldErrors = (error as { body?: { errors?: Record<string, string> } })?.body?.errors ?? {};
      // A field of the form with no input on screen (the client of a point of sale opened from its
      // client's list) would hold its message where nobody sees it, and keep 'Guardar' off for good:
      // the dialog says it instead.
      const known = Object.entries(fieldErrors).filter(([field]) => field in (defaultValues as object) && form.control._names.mount.has(field));
      for (const [field, message] of known) form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
      if (known.length === 0 || known.length < Object.keys(fieldErrors).length) setErrors(errorMessages(error));
    } finally {
      saving.current = false;
      setPending(false);
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      // Every hold is asked (each shows its message), not only up to the first.
      if ([...holds.current.values()].map((held) => held()).some(Boolean)) return;
      if (askFirst) setAsking(values as T);
      else await save(values as T);
    },
    (invalid) => {
      const messages = dialogFields.map((field) => messageOf(invalid, field)).filter((m): m is string => Boolean(m));
      if (messages.length) setErrors([...new Set(messages)]);
    },
  );

  return (
    <ModeContext.Provider value={mode}>
      <HoldsContext.Provider value={holds}>
        <Card sx={{ mt: 2, maxWidth: 1100 }}>
          <CardContent>
            {/* With buttons of its own the header wraps: on a phone they go under the title rather than squeeze it to '…'. */}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: actions ? 'wrap' : undefined }}>
              <IconButton aria-label="Volver" onClick={() => leave(backPath)}>
                <ArrowBackIcon />
              </IconButton>
              <ScreenTitle sx={subtitle ? TITLE_BEFORE_SUBTITLE : undefined}>{title}</ScreenTitle>
              {subtitle && <ScreenSubtitle>{subtitle}</ScreenSubtitle>}
              {actions}
              {!isView && (
                <Tooltip title="Reiniciar formulario">
                  <IconButton aria-label="Reiniciar formulario" onClick={startOver}>
                    <RestartAltIcon />
                  </IconButton>
                </Tooltip>
              )}
              {isView && editPath && (
                <Tooltip title="Editar">
                  <IconButton aria-label="Editar" onClick={() => navigate(editPath)}>
                    <EditIcon />
                  </IconButton>
                </Tooltip>
              )}
              {mode === 'EDIT' && viewPath && (
                <Tooltip title="Ver">
                  <IconButton aria-label="Ver" onClick={() => navigate(viewPath)}>
                    <VisibilityIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
            {restored && (
              <Alert
                severity="info"
                sx={{ mb: 2 }}
                action={
                  <Button
                    color="inherit"
                    size="small"
                    onClick={startOver}
                  >
                    {DRAFT_TEXT.discard}
                  </Button>
                }
              >
                {DRAFT_TEXT.restored}
              </Alert>
            )}
            {draft?.stored && !formState.isDirty && formState.submitCount === 0 && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {DRAFT_TEXT.alreadyStored}
              </Alert>
            )}
            <FormProvider {...form}>
              <form onSubmit={submit} noValidate>
                {/* `minInlineSize: 0`: a fieldset is as wide as its content's min-content by default, so on a
                    phone one wide table (a project's visit calendar) widened the whole form past its card. */}
                <fieldset disabled={isView} style={{ border: 0, padding: 0, margin: 0, minInlineSize: 0 }}>
                  {children}
                </fieldset>
                {!isView && (
                  <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', mt: 3, pr: CHAT_GUTTER }}>
                    <Button onClick={() => leave(backPath)}>Cancelar</Button>
                    <Button
                      type="submit"
                      variant="contained"
                      disabled={saveDisabled}
                      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                    >
                      Guardar
                    </Button>
                  </Box>
                )}
              </form>
            </FormProvider>
          </CardContent>
        </Card>
        <ConfirmDialog
          open={asking !== null}
          title={confirmText.title}
          content={confirmText.content}
          busy={busy}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            const values = asking!;
            setAsking(null);
            await save(values);
          }}
        />
        <ErrorDialog messages={errors} onClose={() => setErrors([])} />
        {leaveDialog}
      </HoldsContext.Provider>
    </ModeContext.Provider>
  );
}
