/** The questionnaire list and editor as an administrator uses them (spec 2 §2–§5, §8). */
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DRAFT_TEXT } from '../../domain/auth';
import { DIALOG, dialogParts } from '../../domain/dialogs';
import { QUESTIONNAIRE_REMOVE_CONFLICT } from '../../domain/questionnaire-body';
import { QUESTIONNAIRE_MERGE_TEXT as MERGE } from '../../domain/questionnaire-merge';
import { QUESTIONNAIRE_TEXT } from '../../domain/questionnaire-weights';
import { formatCount } from '../../domain/numbers';
import { newQuestion, type QuestionnaireContent, type QuestionnaireRow, type QuestionnaireVersion, withType } from '../../domain/questionnaires';
import { atPath, baseUrl, chromiumPerFile, DEMO_PASSWORD, gone, loginAs, loginThroughForm, logOutInAnotherTab, openMenu, openPage, pathOf, type Session, shown, world } from './helpers';

const chromium = chromiumPerFile((session) => session.errors.assertNone([/status of 400/]));
let session: Session | undefined;

async function asAdmin(path: string): Promise<Page> {
  session = await chromium.open();
  await loginAs(session.page, 'admin@campo.test', { at: path });
  return session.page;
}

/** A call to the API as the administrator. */
async function asAdminApi(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Response> {
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@campo.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Creates a questionnaire through the API: one dimension, one sub-dimension, two close questions (60 / 40). */
async function createQuestionnaire(name: string): Promise<number> {
  const content: QuestionnaireContent = {
    name,
    questionnaire_version_type: 'Básico',
    dimensions: [
      {
        _id: 'd1',
        name: 'Atención',
        weighting: 100,
        type: 'NORMAL',
        subDimensions: [
          {
            _id: 's1',
            name: 'Saludo inicial',
            weighting: 100,
            type: 'NORMAL',
            questions: [
              { ...newQuestion(), name: '¿Lo saludaron al entrar?', weighting: 60 },
              { ...withType(newQuestion(), 'close'), name: '¿Le ofrecieron ayuda?', weighting: 40 },
            ],
          },
        ],
      },
    ],
  };
  const res = await asAdminApi('POST', '/questionnariesV2', content);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
/** 'No se guardarán los cambios' / '¿Deseas continuar?'. */
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: dialogParts(DIALOG.leave).title });

/** Adds a question through its dialog. */
async function addQuestion(page: Page, name: string, type: string | null, weighting: string | null, more?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'Agregar pregunta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
  await shown(dialog);
  await dialog.getByLabel(/^Pregunta/).fill(name);
  if (type) {
    await dialog.getByRole('combobox', { name: 'Tipo de pregunta' }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
  }
  if (weighting !== null) await dialog.getByLabel('Ponderación', { exact: true }).fill(weighting);
  await more?.(dialog);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await gone(dialog);
}

async function sendAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmación' });
  await shown(confirm.getByText(QUESTIONNAIRE_TEXT.confirm));
  await confirm.getByRole('button', { name: 'Registrar' }).click();
  const success = page.getByRole('dialog', { name: 'Cuestionario registrado' });
  await shown(success);
  await success.getByRole('button', { name: 'Cerrar' }).click();
  await atPath(page, '/');
}

describe('building a questionnaire', () => {
  it('breaks a name with a long word within the list and the preview: every row keeps its actions in view', async () => {
    // 106 characters, a word of 100: allowed, as a pasted link would be.
    const name = `Largo ${'Largo'.repeat(20)}`;
    await createQuestionnaire(name);
    const page = await asAdmin('/questionnaires');
    await shown(row(page, name));
    expect(await page.locator('.MuiTableContainer-root').evaluate((frame) => frame.scrollWidth <= frame.clientWidth)).toBe(true);
    const frame = (await page.locator('.MuiTableContainer-root').boundingBox())!;
    const action = (await row(page, name).getByRole('button', { name: /^Quitar última versión/ }).boundingBox())!;
    expect(action.x + action.width).toBeLessThanOrEqual(frame.x + frame.width);
    await row(page, name).getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await page.getByRole('button', { name: 'Visualizar Cuestionario' }).click();
    const preview = page.getByRole('dialog', { name });
    await shown(preview);
    expect(await preview.evaluate((paper) => paper.scrollWidth <= paper.clientWidth)).toBe(true);
  });

  it('adds a dimension, a sub-dimension and four kinds of question, refuses a bad sum, then saves', async () => {
    const page = await asAdmin('/questionnaires/add');
    await shown(page.getByRole('heading', { name: 'NUEVO CUESTIONARIO' }));
    await expect(page.getByRole('button', { name: 'Enviar cuestionario' }).count()).resolves.toBe(0);
    await page.getByLabel('Nombre del cuestionario').fill('Auditoría e2e de sucursal');

    await page.getByRole('button', { name: 'Agregar dimension' }).click();
    const dimensionName = page.getByLabel('Nombre de la dimensión 1');
    await dimensionName.fill('Atención');
    await dimensionName.press('Enter');
    await expect(page.getByText(QUESTIONNAIRE_TEXT.confirm).count()).resolves.toBe(0);
    // Its name and its weighting are both required, and both say so ('*'), as the name always did.
    for (const label of ['Nombre de la dimensión 1', 'Ponderación de la dimensión 1']) await shown(page.locator('label').filter({ hasText: new RegExp(`^${label}\\s*\\*$`) }));
    await page.getByLabel('Ponderación de la dimensión 1').fill('100');
    await shown(page.getByRole('button', { name: 'Enviar cuestionario' }));

    await page.getByRole('button', { name: 'Agregar subdimensión' }).click();
    await page.getByLabel('Nombre de la subdimensión 1').fill('Saludo y trato');
    await page.getByLabel('Ponderación de la subdimensión 1').fill('100');

    await addQuestion(page, '¿Lo saludaron al entrar?', null, '60', async (dialog) => {
      // Hidden from the client it weighs -1; shown again, it weighs what was typed (it came back 0).
      await dialog.getByLabel('Visible para el cliente').uncheck();
      await expect(dialog.getByLabel('Ponderación', { exact: true }).inputValue()).resolves.toBe('-1');
      await dialog.getByLabel('Visible para el cliente').check();
      await expect(dialog.getByLabel('Ponderación', { exact: true }).inputValue()).resolves.toBe('60');
    });
    await addQuestion(page, '¿Cómo fue la atención?', 'Opción Multiple', '30', async (dialog) => {
      await dialog.getByLabel(/^Respuesta 1/).fill('Buena');
      await dialog.getByLabel('Ponderación de la respuesta 1').fill('100');
      await dialog.getByLabel(/^Respuesta 2/).fill('Mala');
      // Each answer's own 'Obligatoria' and 'Requiere comentario', heard within it (two of each, unnamed before).
      await shown(dialog.getByRole('group', { name: 'La respuesta 2' }).getByRole('checkbox', { name: 'Obligatoria' }));
      await shown(dialog.getByRole('group', { name: 'La respuesta 1' }).getByRole('checkbox', { name: 'Requiere comentario' }));
    });
    // The sub-dimension is a group named by its place, its questions' buttons within it.
    await shown(page.getByRole('group', { name: 'Subdimensión 1 de la dimensión 1' }).getByRole('button', { name: 'Agregar pregunta' }));
    await addQuestion(page, 'Comentarios internos sobre la visita', 'Abierta', null, async (dialog) => {
      await expect(dialog.getByLabel('Ponderación', { exact: true }).inputValue()).resolves.toBe('-1');
      await dialog.getByLabel('Visible para el cliente').uncheck();
    });
    // A photo count takes a decimal comma, as the weightings do: 'Aceptar' closes the dialog.
    await addQuestion(page, 'Fotos de la vidriera al llegar', 'Fotos', null, async (dialog) => {
      const count = dialog.getByLabel(/^Cantidad de fotos/);
      await count.fill('1,5');
      await expect(count.inputValue()).resolves.toBe('1.5');
    });
    await shown(page.getByText('Opciones SI, NO, N/A'));
    await shown(page.getByText('Opción Multiple'));
    await shown(page.getByText(/^Abierta/));

    // 60 + 30 + (-1 counts as 0) = 90: the inline hint, then the error dialog.
    await shown(page.getByText(QUESTIONNAIRE_TEXT.mustSum100));
    await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
    const error = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(error.getByText('Revise las ponderaciones dentro de la subdimensión Saludo y trato'));
    await shown(error.getByText(QUESTIONNAIRE_TEXT.reminder));
    await error.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByLabel('Ponderación de la pregunta 2').fill('40');
    await gone(page.getByText(QUESTIONNAIRE_TEXT.mustSum100));

    // The preview: the Getter sees the internal question, the client does not.
    await page.getByRole('button', { name: 'Visualizar Cuestionario' }).click();
    const preview = page.getByRole('dialog', { name: 'Auditoría e2e de sucursal' });
    await shown(preview.getByText('Comentarios internos sobre la visita'));
    // Each question's answers are one group named by the question, as a screen reader hears them.
    expect(await preview.getByRole('radiogroup', { name: /¿Lo saludaron al entrar\?/ }).getByRole('radio').count()).toBe(3);
    expect(await preview.getByRole('radiogroup', { name: /¿Cómo fue la atención\?/ }).getByRole('radio').count()).toBe(2);
    await shown(preview.getByRole('radiogroup', { name: /¿Cómo fue la atención\?/ }).getByRole('radio', { name: 'Mala' }));
    await shown(preview.getByRole('textbox', { name: /Comentarios internos sobre la visita/ }));
    await preview.getByRole('tab', { name: 'Vista del cliente' }).click();
    await shown(preview.getByText('¿Cómo fue la atención?'));
    await expect(preview.getByText('Comentarios internos sobre la visita').count()).resolves.toBe(0);
    await preview.getByRole('button', { name: 'Cerrar' }).click();

    await sendAndConfirm(page);
    await page.goto('/questionnaires');
    await shown(row(page, 'Auditoría e2e de sucursal'));
    await expect(row(page, 'Auditoría e2e de sucursal').getByRole('cell').nth(3).textContent()).resolves.toBe('1');
  });

  it('refuses a sub-dimension named as another of its dimension, and writes its sums as Argentina does', async () => {
    const page = await asAdmin('/questionnaires/add');
    await page.getByLabel('Nombre del cuestionario').fill(`Repetidos e2e ${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Agregar dimension' }).click();
    await page.getByLabel('Nombre de la dimensión 1').fill('Atención');
    await page.getByLabel('Ponderación de la dimensión 1').fill('100');
    for (const [n, weighting] of [['1', '50'], ['2', '50,5']]) {
      await page.getByRole('button', { name: 'Agregar subdimensión' }).click();
      await page.getByLabel(`Nombre de la subdimensión ${n}`).fill(n === '1' ? 'Saludo y trato' : 'SALUDO y trato');
      await page.getByLabel(`Ponderación de la subdimensión ${n}`).fill(weighting);
      await page.getByRole('group', { name: `Subdimensión ${n} de la dimensión 1` }).getByRole('button', { name: 'Agregar pregunta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
      await dialog.getByLabel(/^Pregunta/).fill(`¿Lo saludaron al entrar? (${n})`);
      await dialog.getByLabel('Ponderación', { exact: true }).fill('100');
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await gone(dialog);
    }
    // 50 + 50,5: said with a comma, as the weightings are typed (it read 'suman 100.5').
    await shown(page.getByText('(suman 100,5)'));
    await page.getByLabel('Ponderación de la subdimensión 2').fill('50');
    await gone(page.getByText(QUESTIONNAIRE_TEXT.mustSum100));
    await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
    const error = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(error.getByText(`Dimensión «Atención» › Subdimensión «SALUDO y trato», nombre: ${QUESTIONNAIRE_TEXT.repeatedSubDimension}`));
    await error.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByLabel('Nombre de la subdimensión 2').fill('Despedida');
    await sendAndConfirm(page);
  });

  it('keeps one penalty dimension, without weighting, whose questions are penalties', async () => {
    const page = await asAdmin('/questionnaires/add');
    await page.getByRole('button', { name: 'Agregar penalizaciones' }).click();
    const penalties = page.getByRole('region', { name: 'Penalizaciones' });
    await shown(penalties.getByText('Penalización absoluta'));
    await shown(penalties.getByText('Penalización acumulativa'));
    await expect(page.getByRole('button', { name: 'Agregar penalizaciones' }).isDisabled()).resolves.toBe(true);
    await expect(penalties.getByRole('button', { name: 'Agregar subdimensión' }).count()).resolves.toBe(0);
    await expect(penalties.getByLabel(/^Ponderación de la/).count()).resolves.toBe(0);
    await penalties.getByRole('button', { name: 'Agregar pregunta' }).nth(1).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
    await expect(dialog.getByRole('combobox', { name: 'Tipo de pregunta' }).textContent()).resolves.toBe('Penalidad');
    await dialog.getByLabel(/^Pregunta/).fill('¿Usó el celular frente al cliente?');
    await dialog.getByLabel('Ponderación', { exact: true }).fill('150');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await shown(dialog.getByText('La penalización acumulativa debe estar entre 1 y 99').first());
    // Hidden from the client, a penalty keeps its points (the -1 of a hidden question is not for penalties).
    await dialog.getByLabel('Ponderación', { exact: true }).fill('25');
    await dialog.getByLabel('Visible para el cliente').uncheck();
    await expect(dialog.getByLabel('Ponderación', { exact: true }).inputValue()).resolves.toBe('25');
    await dialog.getByLabel('Visible para el cliente').check();
    await expect(dialog.getByLabel('Ponderación', { exact: true }).inputValue()).resolves.toBe('25');
  });
});

describe('versions', () => {
  it('adds a version, opens either version (asking first when there are changes), and removes the last one', async () => {
    await createQuestionnaire('Versiones e2e');
    const page = await asAdmin('/questionnaires');
    await row(page, 'Versiones e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await shown(page.getByRole('heading', { name: 'EDITAR CUESTIONARIO' }));
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await expect(page.getByLabel('Nombre de la dimensión 1').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('combobox', { name: 'Versión' }).count()).resolves.toBe(0);
    await page.getByLabel('Ponderación de la pregunta 1').fill('50');
    await page.getByLabel('Ponderación de la pregunta 2').fill('50');
    await sendAndConfirm(page);

    await page.goto('/questionnaires');
    await expect(row(page, 'Versiones e2e').getByRole('cell').nth(3).textContent()).resolves.toBe('2');
    await row(page, 'Versiones e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('50');
    // A change, then another version: asked first; cancel keeps the change and the version.
    await page.getByLabel('Ponderación de la dimensión 1').fill('90');
    const pickVersion1 = async () => {
      await page.getByRole('combobox', { name: 'Versión' }).click();
      await page.getByRole('option', { name: /^Versión 1/ }).click();
    };
    await pickVersion1();
    const asked = leaveDialog(page);
    await shown(asked.getByText(dialogParts(DIALOG.leave).question));
    await asked.getByRole('button', { name: 'Cancelar' }).click();
    await gone(asked);
    await expect(page.getByLabel('Ponderación de la dimensión 1').inputValue()).resolves.toBe('90');
    await expect(page.getByRole('combobox', { name: 'Versión' }).textContent()).resolves.toMatch(/^Versión 2/);
    await pickVersion1();
    await asked.getByRole('button', { name: 'Confirmar' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await page.getByLabel('Ponderación de la pregunta 1').waitFor();
    await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('60');
    await page.getByRole('combobox', { name: 'Versión' }).click();
    await page.getByRole('option', { name: /^Versión 2/ }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await page.getByLabel('Ponderación de la pregunta 1').waitFor();
    await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('50');

    await page.goto('/questionnaires');
    await row(page, 'Versiones e2e').getByRole('button', { name: 'Quitar última versión de Versiones e2e', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Está seguro?' });
    // What the removal touches, as the server counts it: the version new moves go back to, and the moves on this one.
    await shown(confirm.getByText('Se quitará la versión 2 de "Versiones e2e": las moves nuevas usarán la versión 1. Ninguna move usa esta versión. Esta acción no se podrá deshacer.', { exact: true }));
    await confirm.getByRole('button', { name: 'Quitar' }).click();
    await gone(confirm);
    await page.waitForFunction(() => [...document.querySelectorAll('tr')].some((tr) => tr.textContent?.includes('Versiones e2e') && tr.children[3]?.textContent === '1'));
  });

  it('removes no other version than the one the list showed when someone changed the questionnaire meanwhile, and counts the moves that keep it', async () => {
    const id = await createQuestionnaire('Quitar a destiempo e2e');
    const opened = (await (await asAdminApi('GET', `/questionnariesV2/get/${id}`)).json()) as QuestionnaireVersion;
    const page = await asAdmin('/questionnaires');
    const target = row(page, 'Quitar a destiempo e2e');
    await shown(target);
    const v2 = opened.dimensions.map((d) => ({ ...d, subDimensions: d.subDimensions.map((sd) => ({ ...sd, questions: sd.questions.map((q, i) => (i === 0 ? { ...q, name: '¿Lo saludaron al llegar?' } : q)) })) }));
    // The confirmation open on version 1, then another tab adds a version.
    await target.getByRole('button', { name: 'Quitar última versión de Quitar a destiempo e2e', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Está seguro?' });
    await shown(confirm.getByText('"Quitar a destiempo e2e" tiene una sola versión: al quitarla, el cuestionario deja de estar disponible. Ninguna move usa esta versión. Esta acción no se podrá deshacer.', { exact: true }));
    expect((await asAdminApi('PUT', `/questionnariesV2/update/${id}`, { name: 'Quitar a destiempo e2e', questionnaire_version_type: opened.questionnaire_version_type, dimensions: v2 })).status).toBe(200);
    await confirm.getByRole('button', { name: 'Quitar' }).click();
    const refused = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(refused.getByText(QUESTIONNAIRE_REMOVE_CONFLICT));
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    // Nothing was removed, and the list now shows version 2.
    const now = (await (await asAdminApi('GET', `/questionnariesV2/get/${id}`)).json()) as QuestionnaireVersion;
    expect(now.version).toBe(2);
    await page.waitForFunction(() => [...document.querySelectorAll('tr')].some((tr) => tr.textContent?.includes('Quitar a destiempo e2e') && tr.children[3]?.textContent === '2'));
    // Another version added while the list still shows version 2: said as the confirmation opens, nothing to confirm.
    const v3 = v2.map((d) => ({ ...d, subDimensions: d.subDimensions.map((sd) => ({ ...sd, questions: sd.questions.map((q, i) => (i === 0 ? { ...q, name: '¿Lo saludaron al entrar?' } : q)) })) }));
    expect((await asAdminApi('PUT', `/questionnariesV2/update/${id}`, { name: 'Quitar a destiempo e2e', questionnaire_version_type: opened.questionnaire_version_type, dimensions: v3 })).status).toBe(200);
    await target.getByRole('button', { name: 'Quitar última versión de Quitar a destiempo e2e', exact: true }).click();
    await shown(refused.getByText(QUESTIONNAIRE_REMOVE_CONFLICT));
    await gone(confirm);
    await refused.getByRole('button', { name: 'Cerrar' }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('tr')].some((tr) => tr.textContent?.includes('Quitar a destiempo e2e') && tr.children[3]?.textContent === '3'));
    expect(((await (await asAdminApi('GET', `/questionnariesV2/get/${id}`)).json()) as QuestionnaireVersion).version).toBe(3);
    // A questionnaire the demo's moves answer: the confirmation counts them (and is cancelled here).
    const [cafe] = (await (await asAdminApi('GET', '/questionnariesV2?q=Visita%20a%20cafeter%C3%ADa&limit=1')).json()).rows as QuestionnaireRow[];
    const usage = (await (await asAdminApi('GET', `/questionnariesV2/usage/${cafe.id}`)).json()) as { moves: number; previousVersion: number | null };
    expect(usage.moves).toBeGreaterThan(1);
    await page.getByRole('textbox', { name: 'Buscar' }).fill(cafe.name);
    await row(page, cafe.name).getByRole('button', { name: `Quitar última versión de ${cafe.name}`, exact: true }).click();
    await shown(confirm.getByText(`${formatCount(usage.moves)} moves ya usan esta versión: la conservan.`, { exact: false }));
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await gone(confirm);
    expect(((await (await asAdminApi('GET', `/questionnariesV2/usage/${cafe.id}`)).json()) as { moves: number }).moves).toBe(usage.moves);
    // The refusals' 409 are the one error expected in the console.
    const { errors } = session!;
    errors.assertNone([/status of 409/]);
    errors.list.length = 0;
  });

  it('duplicates a questionnaire as a new one', async () => {
    await createQuestionnaire('Original e2e');
    const page = await asAdmin('/questionnaires');
    await row(page, 'Original e2e').getByRole('button', { name: 'Duplicar cuestionario' }).click();
    await shown(page.getByRole('heading', { name: 'NUEVO CUESTIONARIO' }));
    await expect(page.getByLabel('Nombre del cuestionario').inputValue()).resolves.toBe('Original e2e (copia)');
    await expect(page.getByLabel('Nombre de la dimensión 1').isDisabled()).resolves.toBe(false);
    await sendAndConfirm(page);
    await page.goto('/questionnaires');
    await shown(row(page, 'Original e2e (copia)'));
    await expect(row(page, 'Original e2e (copia)').getByRole('cell').nth(3).textContent()).resolves.toBe('1');
  });

  it("refuses a copy under the original's name (capitals aside) and keeps what was typed", async () => {
    await createQuestionnaire('Nombre tomado e2e');
    // This test expects the server's 409 (logged by the browser): its session is checked here, not by the file's rule.
    const own = await openPage(chromium.browser);
    try {
      const page = own.page;
      await loginAs(page, 'admin@campo.test', { at: '/questionnaires' });
      await row(page, 'Nombre tomado e2e').getByRole('button', { name: 'Duplicar cuestionario' }).click();
      await shown(page.getByRole('heading', { name: 'NUEVO CUESTIONARIO' }));
      await page.getByLabel('Nombre del cuestionario').fill('nombre TOMADO e2e');
      await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
      await page.getByRole('dialog', { name: 'Confirmación' }).getByRole('button', { name: 'Registrar' }).click();
      const refused = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
      await shown(refused.getByText('Ya existe un cuestionario con ese nombre.'));
      await refused.getByRole('button', { name: 'Cerrar' }).click();
      await expect(page.getByLabel('Nombre del cuestionario').inputValue()).resolves.toBe('nombre TOMADO e2e');
      await page.getByLabel('Nombre del cuestionario').fill('Nombre tomado e2e, segundo');
      await sendAndConfirm(page);
      own.errors.assertNone([/status of 409/]);
    } finally {
      await own.context.close();
    }
  });

  it('shows or hides the actions column with its switch, and selects a row on click', async () => {
    const page = await asAdmin('/questionnaires');
    await shown(page.getByRole('heading', { name: 'Lista de cuestionarios' }));
    await shown(page.getByRole('button', { name: 'Crear nueva version' }).first());
    await page.getByLabel('Mostrar acciones').uncheck();
    await expect(page.getByRole('button', { name: 'Crear nueva version' }).count()).resolves.toBe(0);
    const first = page.getByRole('row').nth(1);
    await first.click();
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await first.click();
    await expect(first.getAttribute('aria-selected')).resolves.toBe('false');
  });
});

describe('leaving with unsaved changes', () => {
  it('asks before the back arrow or the side menu take a new questionnaire away: cancel stays, continue leaves', async () => {
    const page = await asAdmin('/questionnaires/add');
    await shown(page.getByRole('heading', { name: 'NUEVO CUESTIONARIO' }));
    // Nothing typed yet: the back arrow leaves at once.
    await page.getByRole('button', { name: 'Volver' }).click();
    await atPath(page, '/questionnaires');
    await expect(leaveDialog(page).count()).resolves.toBe(0);

    await openMenu(page, 'Cuestionarios', 'Agregar cuestionario');
    await shown(page.getByRole('heading', { name: 'NUEVO CUESTIONARIO' }));
    await page.getByLabel('Nombre del cuestionario').fill('Sin guardar e2e');
    await page.getByRole('button', { name: 'Agregar dimension' }).click();
    await shown(page.getByLabel('Nombre de la dimensión 1'));

    await page.getByRole('button', { name: 'Volver' }).click();
    const asked = leaveDialog(page);
    await shown(asked.getByText(dialogParts(DIALOG.leave).question));
    await asked.getByRole('button', { name: 'Cancelar' }).click();
    await gone(asked);
    expect(pathOf(page)).toBe('/questionnaires/add');
    await expect(page.getByLabel('Nombre del cuestionario').inputValue()).resolves.toBe('Sin guardar e2e');
    await shown(page.getByLabel('Nombre de la dimensión 1'));

    await openMenu(page, 'Cuestionarios', 'Lista de cuestionarios');
    await shown(asked);
    expect(pathOf(page)).toBe('/questionnaires/add');
    await asked.getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/questionnaires');
    await shown(page.getByRole('heading', { name: 'Lista de cuestionarios' }));
    await expect(row(page, 'Sin guardar e2e').count()).resolves.toBe(0);
  });

  it('keeps a question being written through a click beside its dialog, and asks before Escape or Cancelar drop it', async () => {
    await createQuestionnaire('Pregunta a medias e2e');
    const page = await asAdmin('/questionnaires');
    await row(page, 'Pregunta a medias e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    // Unchanged, Cancelar closes at once.
    await page.getByRole('button', { name: 'Editar la pregunta 1' }).click();
    const editing = page.getByRole('dialog', { name: 'Editar pregunta 1' });
    await shown(editing);
    await editing.getByRole('button', { name: 'Cancelar' }).click();
    await gone(editing);
    // The focus is back on the button that opened it, not on the page's body.
    await expect.poll(() => page.getByRole('button', { name: 'Editar la pregunta 1' }).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Agregar pregunta' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
    await dialog.getByLabel(/^Pregunta/).fill('¿El local tenía la vidriera limpia al llegar?');
    await page.mouse.click(10, 400);
    await expect(dialog.getByLabel(/^Pregunta/).inputValue()).resolves.toBe('¿El local tenía la vidriera limpia al llegar?');
    await page.keyboard.press('Escape');
    const asked = leaveDialog(page);
    await shown(asked.getByText(dialogParts(DIALOG.leave).question));
    await asked.getByRole('button', { name: 'Cancelar' }).click();
    await gone(asked);
    await expect(dialog.getByLabel(/^Pregunta/).inputValue()).resolves.toBe('¿El local tenía la vidriera limpia al llegar?');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await asked.getByRole('button', { name: 'Confirmar' }).click();
    await gone(dialog);
    expect(await page.getByText('¿El local tenía la vidriera limpia al llegar?').count()).toBe(0);
  });

  it('keeps the keyboard on the question it moved, and after a removal on the question that took its place', async () => {
    await createQuestionnaire('Teclado e2e');
    const page = await asAdmin('/questionnaires');
    await row(page, 'Teclado e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
    const names = () => page.locator('[data-question-row] div[title]').allTextContents();

    // 'Bajar' on the first question: it is now the last, where 'Bajar' is disabled; the keyboard is on its 'Subir'.
    await page.getByRole('button', { name: 'Bajar la pregunta 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['¿Le ofrecieron ayuda?', '¿Lo saludaron al entrar?']);
    await expect.poll(focused).toBe('Subir la pregunta 2');
    // And Enter again moves the same question back up.
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['¿Lo saludaron al entrar?', '¿Le ofrecieron ayuda?']);
    await expect.poll(focused).toBe('Bajar la pregunta 1');

    // Removing the first: the keyboard lands on the one that took its place, then on 'Agregar pregunta'.
    await page.getByRole('button', { name: 'Eliminar la pregunta 1' }).focus();
    await page.keyboard.press('Enter');
    const asked = page.getByRole('dialog', { name: 'Está seguro?' });
    await asked.getByRole('button', { name: 'Eliminar' }).click();
    await gone(asked);
    await expect.poll(names).toEqual(['¿Le ofrecieron ayuda?']);
    await expect.poll(focused).toBe('Eliminar la pregunta 1');
    await page.keyboard.press('Enter');
    await asked.getByRole('button', { name: 'Eliminar' }).click();
    await gone(asked);
    await expect.poll(names).toEqual([]);
    await expect.poll(focused).toBe('Agregar pregunta');
    // And it stays there once the confirmation has finished closing.
    await page.waitForTimeout(600);
    expect(await focused()).toBe('Agregar pregunta');
  });

  it('keeps the keyboard in the editor when a sub-dimension or a dimension goes away', async () => {
    const page = await asAdmin('/questionnaires/add');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
    const asked = page.getByRole('dialog', { name: 'Está seguro?' });
    const removeWithKeyboard = async (label: string) => {
      await page.getByRole('button', { name: label, exact: true }).focus();
      await page.keyboard.press('Enter');
      // The confirmation opens on 'Cancelar'; Tab goes on to 'Eliminar'.
      await expect.poll(focused).toBe('Cancelar');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await gone(asked);
    };
    await page.getByRole('button', { name: 'Agregar dimension' }).click();
    await page.getByRole('button', { name: 'Agregar dimension' }).click();
    await page.getByRole('button', { name: 'Agregar subdimensión' }).first().click();
    await page.getByRole('button', { name: 'Agregar subdimensión' }).first().click();

    await removeWithKeyboard('Eliminar la subdimensión 1');
    await expect.poll(focused).toBe('Eliminar la subdimensión 1');
    await removeWithKeyboard('Eliminar la subdimensión 1');
    await expect.poll(focused).toBe('Agregar subdimensión');
    await removeWithKeyboard('Eliminar la dimensión 2');
    await expect.poll(focused).toBe('Eliminar la dimensión 1');
    await removeWithKeyboard('Eliminar la dimensión 1');
    await expect.poll(focused).toBe('Agregar dimension');
    await page.waitForTimeout(600);
    expect(await focused()).toBe('Agregar dimension');
  });

  it('registers no copy of the last version: sent unchanged, it says so without asking, and the version stays', async () => {
    await createQuestionnaire('Sin cambios e2e');
    const page = await asAdmin('/questionnaires');
    await row(page, 'Sin cambios e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await shown(page.getByLabel('Ponderación de la pregunta 1'));
    await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
    const error = page.getByRole('dialog', { name: 'Sin cambios' });
    await shown(error.getByText('El cuestionario no tiene cambios respecto de su versión 1: no se registró una versión nueva.'));
    expect(await page.getByRole('dialog', { name: 'Confirmación' }).count()).toBe(0);
    await error.getByRole('button', { name: 'Cerrar' }).click();
    await gone(error);
    // A change makes it a version.
    await page.getByLabel('Ponderación de la pregunta 1').fill('50');
    await page.getByLabel('Ponderación de la pregunta 2').fill('50');
    await sendAndConfirm(page);
    await page.goto('/questionnaires');
    await expect(row(page, 'Sin cambios e2e').getByRole('cell').nth(3).textContent()).resolves.toBe('2');
  });

  it('says the version was registered when its first answer was lost and it is sent again: no "saved in another tab"', async () => {
    await createQuestionnaire('Respuesta perdida e2e');
    const page = await asAdmin('/questionnaires');
    await row(page, 'Respuesta perdida e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await page.getByLabel('Ponderación de la pregunta 1').fill('50');
    await page.getByLabel('Ponderación de la pregunta 2').fill('50');
    // The server saves version 2, but its answer never comes back (a proxy's 502, a dropped connection).
    let sent = 0;
    await page.route('**/api/questionnariesV2/update/**', async (route) => {
      if (sent++ > 0) return route.fallback();
      const answered = await route.fetch();
      expect(answered.status()).toBe(200);
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
    await page.getByRole('dialog', { name: 'Confirmación' }).getByRole('button', { name: 'Registrar' }).click();
    const failed = page.getByRole('dialog', { name: 'Ha ocurrido un error' });
    await shown(failed.getByText('No se pudo conectar con el servidor. Revise su conexión e intente nuevamente.'));
    await failed.getByRole('button', { name: 'Cerrar' }).click();
    // The one error this test causes (the file's check allows no other).
    const { errors } = session!;
    const reset = errors.list.findIndex((e) => /ERR_CONNECTION_RESET .*questionnariesV2\/update/.test(e));
    expect(reset, errors.list.join('\n')).toBeGreaterThanOrEqual(0);
    errors.list.splice(reset, 1);
    // Sent again, it is the save that went through: registered, version 2, and no other.
    await sendAndConfirm(page);
    expect(sent).toBe(2);
    await page.goto('/questionnaires');
    await expect(row(page, 'Respuesta perdida e2e').getByRole('cell').nth(3).textContent()).resolves.toBe('2');
  });

  it('asks when leaving a new version with a changed weighting, and not after opening one unchanged', async () => {
    await createQuestionnaire('Versión sin guardar e2e');
    const page = await asAdmin('/questionnaires');
    await row(page, 'Versión sin guardar e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await shown(page.getByLabel('Ponderación de la pregunta 1'));
    await page.getByRole('button', { name: 'Volver' }).click();
    await atPath(page, '/questionnaires');

    await row(page, 'Versión sin guardar e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await page.getByLabel('Ponderación de la pregunta 1').fill('55');
    await page.getByRole('button', { name: 'Volver' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Confirmar' }).click();
    await atPath(page, '/questionnaires');
    await expect(row(page, 'Versión sin guardar e2e').getByRole('cell').nth(3).textContent()).resolves.toBe('1');
  });
});

describe('two editors on the same questionnaire', () => {
  /**
   * Opens the editor on `id` in its own browser session (it expects the server's 409, logged by the
   * browser), as `email`: the other saves below are the administrator's.
   */
  async function secondEditor(id: number, email = 'operaciones@campo.test') {
    const own = await openPage(chromium.browser);
    await loginAs(own.page, email, { at: `/questionnaires/edit?id=${id}` });
    await gone(own.page.getByText(QUESTIONNAIRE_TEXT.loading));
    return own;
  }

  /** Meanwhile another editor saves a new version from the last one, `from`. */
  async function otherSaves(id: number, edit: (v: QuestionnaireVersion) => void, from = 1) {
    const opened = await latest(id);
    edit(opened);
    const other = { name: opened.name, questionnaire_version_type: opened.questionnaire_version_type, dimensions: opened.dimensions, expectedLastVersion: from };
    expect((await asAdminApi('PUT', `/questionnariesV2/update/${id}`, other)).status).toBe(200);
  }

  async function sendRefused(page: Page, title: string = MERGE.title) {
    await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
    await page.getByRole('dialog', { name: 'Confirmación' }).getByRole('button', { name: 'Registrar' }).click();
    const conflict = page.getByRole('dialog', { name: title });
    await shown(conflict.getByText(MERGE.kept));
    await expect(page.getByRole('dialog', { name: 'Cuestionario registrado' }).count()).resolves.toBe(0);
    return conflict;
  }

  const latest = async (id: number) => (await (await asAdminApi('GET', `/questionnariesV2/get/${id}`)).json()) as QuestionnaireVersion;

  it('tells the one who saves second, keeps the typed work, and re-applies it on the version saved meanwhile', async () => {
    const id = await createQuestionnaire('Edición simultánea e2e');
    const own = await secondEditor(id);
    try {
      const page = own.page;
      await page.getByLabel('Ponderación de la pregunta 1').fill('50');
      await page.getByLabel('Ponderación de la pregunta 2').fill('50');
      await otherSaves(id, (v) => {
        v.dimensions[0].subDimensions[0].questions[1].guide = 'Preguntar si necesita algo más.';
        v.name = 'Edición simultánea e2e (revisado)';
      });

      const conflict = await sendRefused(page);
      await shown(conflict.getByText(/^Mientras usted editaba, Ana Administradora registró la versión 2 \(\d\d\/\d\d\/\d{4} \d\d:\d\d\)\.$/));
      // Nothing saved by the refused send.
      expect((await latest(id)).lastVersion).toBe(2);
      // The other version can be looked at first, in the preview.
      await conflict.getByRole('button', { name: MERGE.view(2) }).click();
      const preview = page.getByRole('dialog', { name: 'Edición simultánea e2e (revisado)' });
      await shown(preview.getByRole('tab', { name: 'Vista del Getter' }));
      await preview.getByRole('button', { name: 'Cerrar' }).click();
      await gone(preview);
      // 'Seguir editando': the typed work is still there.
      await conflict.getByRole('button', { name: MERGE.keepEditing }).click();
      await gone(conflict);
      await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('50');

      // Sent again: the same question, and this time the work goes on top of version 2.
      const again = await sendRefused(page);
      await again.getByRole('button', { name: MERGE.apply(2) }).click();
      const applied = page.getByRole('dialog', { name: MERGE.applied(2) });
      // Nothing changed by both: the weightings are this editor's, the guide and the name the other's.
      await shown(applied.getByText(MERGE.appliedClean));
      await applied.getByRole('button', { name: 'Cerrar' }).click();
      await shown(page.getByText(MERGE.pending(2)));
      await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('50');
      await expect(page.getByLabel('Nombre del cuestionario').inputValue()).resolves.toBe('Edición simultánea e2e (revisado)');

      await sendAndConfirm(page);
      const now = await latest(id);
      const questions = now.dimensions[0].subDimensions[0].questions;
      expect([now.lastVersion, now.name, questions.map((q) => q.weighting), questions[1].guide]).toEqual([3, 'Edición simultánea e2e (revisado)', [50, 50], 'Preguntar si necesita algo más.']);
      own.errors.assertNone([/status of 409/]);
    } finally {
      await own.context.close();
    }
  });

  it('says the versions changed, not that someone saved, when the version opened was removed meanwhile', async () => {
    const id = await createQuestionnaire('Versión quitada e2e');
    await otherSaves(id, (v) => {
      v.dimensions[0].subDimensions[0].questions[0].guide = 'Desde la puerta.';
    });
    const own = await secondEditor(id);
    try {
      const page = own.page;
      await page.getByLabel('Ponderación de la pregunta 1').fill('50');
      await page.getByLabel('Ponderación de la pregunta 2').fill('50');
      expect((await asAdminApi('DELETE', `/questionnariesV2/delete/${id}?expectedLastVersion=2`)).status).toBe(200);

      const conflict = await sendRefused(page, MERGE.titleRemoved);
      await shown(conflict.getByText(MERGE.removed(2, 1)));
      await conflict.getByRole('button', { name: MERGE.keepEditing }).click();
      await gone(conflict);
      await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('50');
      own.errors.assertNone([/status of 409/]);
    } finally {
      await own.context.close();
    }
  });

  it('names what both changed, and drops the typed work only when asked (the other save, from another tab of the same person)', async () => {
    const id = await createQuestionnaire('Edición simultánea e2e 2');
    const own = await secondEditor(id, 'admin@campo.test');
    try {
      const page = own.page;
      await page.getByLabel('Ponderación de la pregunta 1').fill('50');
      await page.getByLabel('Ponderación de la pregunta 2').fill('50');
      await otherSaves(id, (v) => {
        v.dimensions[0].subDimensions[0].questions[0].weighting = 70;
        v.dimensions[0].subDimensions[0].questions[1].weighting = 30;
      });

      const fromOwnTab = await sendRefused(page, MERGE.titleOwn);
      await shown(fromOwnTab.getByText(/^Mientras editaba aquí, usted registró la versión 2 desde otra pestaña o ventana/));
      await fromOwnTab.getByRole('button', { name: MERGE.apply(2) }).click();
      const applied = page.getByRole('dialog', { name: MERGE.applied(2) });
      await shown(applied.getByText(MERGE.appliedNotes));
      await shown(applied.getByText('Pregunta «¿Lo saludaron al entrar?», ponderación: la otra persona también lo cambió; quedó el suyo.'));
      await applied.getByRole('button', { name: 'Cerrar' }).click();
      await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('50');

      // Another save lands (version 3): this time the person drops their work for it.
      await otherSaves(
        id,
        (v) => {
          v.dimensions[0].subDimensions[0].questions[0].weighting = 80;
          v.dimensions[0].subDimensions[0].questions[1].weighting = 20;
        },
        2,
      );
      const conflict = await sendRefused(page, MERGE.titleOwn);
      await conflict.getByRole('button', { name: MERGE.discard(3) }).click();
      await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
      await shown(page.getByText('Se parte de la versión 3', { exact: false }));
      await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('80');
      await expect(page.getByText(MERGE.pending(3)).count()).resolves.toBe(0);
      expect((await latest(id)).lastVersion).toBe(3);
      own.errors.assertNone([/status of 409/]);
    } finally {
      await own.context.close();
    }
  });

  it('keeps bringing an older version back as part of the work re-applied on the version saved meanwhile', async () => {
    const id = await createQuestionnaire('Volver a una versión e2e');
    // Version 2 moves the weightings to 70 / 30 (the editor opens it as the last one).
    await otherSaves(id, (v) => {
      v.dimensions[0].subDimensions[0].questions[0].weighting = 70;
      v.dimensions[0].subDimensions[0].questions[1].weighting = 30;
    });
    const own = await secondEditor(id);
    try {
      const page = own.page;
      // This person opens version 1 to bring its 60 / 40 back…
      await page.getByRole('combobox', { name: 'Versión' }).click();
      await page.getByRole('option', { name: /^Versión 1/ }).click();
      await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
      await page.getByLabel('Ponderación de la pregunta 1').waitFor();
      await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('60');
      // …while another adds version 3 with a guide on question 2.
      await otherSaves(
        id,
        (v) => {
          v.dimensions[0].subDimensions[0].questions[1].guide = 'Preguntar si necesita algo más.';
        },
        2,
      );

      await (await sendRefused(page)).getByRole('button', { name: MERGE.apply(3) }).click();
      const applied = page.getByRole('dialog', { name: MERGE.applied(3) });
      await shown(applied.getByText(MERGE.appliedClean));
      await applied.getByRole('button', { name: 'Cerrar' }).click();
      // Going back to 60 / 40 was the change (measured from version 2, the last when the editor opened).
      await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('60');
      await sendAndConfirm(page);
      const now = await latest(id);
      const questions = now.dimensions[0].subDimensions[0].questions;
      expect([now.lastVersion, questions.map((q) => q.weighting), questions[1].guide]).toEqual([4, [60, 40], 'Preguntar si necesita algo más.']);
    } finally {
      await own.context.close();
    }
  });

  it('offers to register the typed work as a new questionnaire when the one edited stopped existing', async () => {
    const id = await createQuestionnaire('Edición de uno que se quita e2e');
    const own = await secondEditor(id);
    try {
      const page = own.page;
      await page.getByLabel('Ponderación de la pregunta 1').fill('50');
      await page.getByLabel('Ponderación de la pregunta 2').fill('50');
      // Meanwhile someone removes its only version: the questionnaire leaves the list.
      expect((await asAdminApi('DELETE', `/questionnariesV2/delete/${id}`)).status).toBe(200);

      await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
      await page.getByRole('dialog', { name: 'Confirmación' }).getByRole('button', { name: 'Registrar' }).click();
      const removed = page.getByRole('dialog', { name: MERGE.goneTitle });
      await shown(removed.getByText(MERGE.gone));
      await removed.getByRole('button', { name: MERGE.saveAsNew }).click();
      const success = page.getByRole('dialog', { name: 'Cuestionario registrado' });
      await shown(success.getByText('Se registró la versión 1 de «Edición de uno que se quita e2e».'));

      const list = (await (await asAdminApi('GET', `/questionnariesV2?q=${encodeURIComponent('Edición de uno que se quita e2e')}`)).json()) as { rows: { id: number }[] };
      expect(list.rows).toHaveLength(1);
      expect(list.rows[0].id).not.toBe(id);
      const now = await latest(list.rows[0].id);
      expect(now.dimensions[0].subDimensions[0].questions.map((q) => q.weighting)).toEqual([50, 50]);
      own.errors.assertNone([/status of 404/]);
    } finally {
      await own.context.close();
    }
  });

  /** The session ends elsewhere (its refresh token logged out), then the work is sent: the page goes to the login, keeping it. */
  async function sendAfterTheSessionEnded(page: Page) {
    const { refreshToken } = JSON.parse((await page.evaluate(() => localStorage.getItem('campo.session')))!) as { refreshToken: string };
    expect((await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }) })).status).toBe(200);
    await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
    await page.getByRole('dialog', { name: 'Confirmación' }).getByRole('button', { name: 'Registrar' }).click();
    await atPath(page, '/login');
    await shown(page.getByText(DRAFT_TEXT.kept));
  }

  it('keeps the typed work when the session ends: back after logging in again, and a version saved meanwhile is merged, not overwritten', async () => {
    const id = await createQuestionnaire('Borrador de sesión e2e');
    const page = await asAdmin(`/questionnaires/edit?id=${id}`);
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await page.getByLabel('Ponderación de la pregunta 1').fill('40');
    await page.getByLabel('Ponderación de la pregunta 2').fill('60');
    await sendAfterTheSessionEnded(page);
    // Meanwhile someone saves version 2.
    await otherSaves(id, (v) => {
      v.dimensions[0].subDimensions[0].questions[1].guide = 'Preguntar si necesita algo más.';
    });

    await loginThroughForm(page, 'admin@campo.test');
    await atPath(page, '/questionnaires/edit');
    await shown(page.getByText(DRAFT_TEXT.restoredQuestionnaire));
    await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('40');
    await expect(page.getByLabel('Ponderación de la pregunta 2').inputValue()).resolves.toBe('60');
    // Sent, it meets version 2 as a save made meanwhile (by the same administrator, elsewhere): the work goes on top of it.
    const conflict = await sendRefused(page, MERGE.titleOwn);
    await conflict.getByRole('button', { name: MERGE.apply(2) }).click();
    const applied = page.getByRole('dialog', { name: MERGE.applied(2) });
    await shown(applied.getByText(MERGE.appliedClean));
    await applied.getByRole('button', { name: 'Cerrar' }).click();
    await sendAndConfirm(page);
    const now = await latest(id);
    const questions = now.dimensions[0].subDimensions[0].questions;
    expect([now.lastVersion, questions.map((q) => q.weighting), questions[1].guide]).toEqual([3, [40, 60], 'Preguntar si necesita algo más.']);
    // Taken back once: the editor opened again shows the stored version, no word of a draft.
    await page.goto(`/questionnaires/edit?id=${id}`);
    await shown(page.getByLabel('Ponderación de la pregunta 1'));
    await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('40');
    await expect(page.getByText(DRAFT_TEXT.restoredQuestionnaire).count()).resolves.toBe(0);
    const { errors } = session!;
    errors.assertNone([/status of 400/, /status of 401/, /status of 409/]);
    errors.list.length = 0;
  });

  it('keeps the typed work when the session ends and its version is removed meanwhile: it opens on the last one, and the send says so', async () => {
    const id = await createQuestionnaire('Borrador de una versión quitada e2e');
    await otherSaves(id, (v) => {
      v.dimensions[0].subDimensions[0].questions[1].guide = 'Preguntar si necesita algo más.';
    });
    const page = await asAdmin(`/questionnaires/edit?id=${id}`);
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await page.getByLabel('Ponderación de la pregunta 1').fill('30');
    await page.getByLabel('Ponderación de la pregunta 2').fill('70');
    await sendAfterTheSessionEnded(page);
    // Meanwhile someone removes version 2, the one the work was built on: version 1 is the last again.
    expect((await asAdminApi('DELETE', `/questionnariesV2/delete/${id}`)).status).toBe(200);

    await loginThroughForm(page, 'admin@campo.test');
    await atPath(page, '/questionnaires/edit');
    await shown(page.getByText(DRAFT_TEXT.restoredQuestionnaire));
    await expect(page.getByLabel('Ponderación de la pregunta 1').inputValue()).resolves.toBe('30');
    await expect(page.getByLabel('Ponderación de la pregunta 2').inputValue()).resolves.toBe('70');
    // Sent, it meets the removal: the dialog says which version went and which is the last now.
    const conflict = await sendRefused(page, MERGE.titleRemoved);
    await shown(conflict.getByText(MERGE.removed(2, 1)));
    await conflict.getByRole('button', { name: MERGE.apply(1) }).click();
    const applied = page.getByRole('dialog', { name: MERGE.applied(1) });
    await applied.getByRole('button', { name: 'Cerrar' }).click();
    await sendAndConfirm(page);
    // The work as the person saw it (the removed version's guide included) is the last version: the 3rd (a
    // removed version keeps its number).
    const now = await latest(id);
    const questions = now.dimensions[0].subDimensions[0].questions;
    expect([now.lastVersion, questions.map((q) => q.weighting), questions[1].guide]).toEqual([3, [30, 70], 'Preguntar si necesita algo más.']);
    const { errors } = session!;
    errors.assertNone([/status of 400/, /status of 401/, /status of 404/, /status of 409/]);
    errors.list.length = 0;
  });

  it('keeps a new questionnaire typed when the session ends in another tab, and still asks before leaving it', async () => {
    const page = await asAdmin('/questionnaires/add');
    await shown(page.getByRole('heading', { name: 'NUEVO CUESTIONARIO' }));
    await page.getByLabel('Nombre del cuestionario').fill('Nuevo borrador e2e');
    await page.getByRole('button', { name: 'Agregar dimension' }).click();
    await page.getByLabel('Nombre de la dimensión 1').fill('Limpieza');
    // Logged out in another tab: this one goes to the login, keeping the work.
    await logOutInAnotherTab(page);
    await shown(page.getByText(DRAFT_TEXT.kept));

    await loginThroughForm(page, 'admin@campo.test');
    await atPath(page, '/questionnaires/add');
    await shown(page.getByText(DRAFT_TEXT.restoredQuestionnaire));
    await expect(page.getByLabel('Nombre del cuestionario').inputValue()).resolves.toBe('Nuevo borrador e2e');
    await expect(page.getByLabel('Nombre de la dimensión 1').inputValue()).resolves.toBe('Limpieza');
    // Recovered work is unsaved work: leaving asks.
    await page.getByRole('button', { name: 'Volver' }).click();
    const asked = leaveDialog(page);
    await shown(asked.getByText(dialogParts(DIALOG.leave).question));
    await asked.getByRole('button', { name: 'Cancelar' }).click();
    await gone(asked);
    // Turned down: the empty form, nothing to ask about.
    await page.getByRole('button', { name: DRAFT_TEXT.discard }).click();
    await expect.poll(() => page.getByLabel('Nombre del cuestionario').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Volver' }).click();
    await atPath(page, '/questionnaires');
    await expect(leaveDialog(page).count()).resolves.toBe(0);
  });
});

/**
 * A new questionnaire's first question, in its dialog: a 'Selección Múltiple' named `name` whose first
 * answer is too short and second empty.
 */
async function badMultipleChoice(name: string) {
  const page = await asAdmin('/questionnaires/add');
  await page.getByRole('button', { name: 'Agregar dimension' }).click();
  await page.getByRole('button', { name: 'Agregar subdimensión' }).click();
  await page.getByRole('button', { name: 'Agregar pregunta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
  await dialog.getByLabel(/^Pregunta/).fill(name);
  await dialog.getByRole('combobox', { name: 'Tipo de pregunta' }).click();
  await page.getByRole('option', { name: 'Selección Múltiple', exact: true }).click();
  await dialog.getByLabel(/^Respuesta 1/).fill('x');
  await dialog.getByLabel(/^Respuesta 2/).fill('');
  return { page, dialog };
}

describe('the question dialog', () => {
  it('forgets the messages about the old answers when a type change resets them', async () => {
    const { page, dialog } = await badMultipleChoice('¿Qué productos ofrecieron?');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const summary = dialog.getByRole('alert').filter({ hasText: 'Respuesta 1' });
    await shown(summary);
    await shown(dialog.getByText(QUESTIONNAIRE_TEXT.tooShort).first());
    await shown(dialog.getByText(QUESTIONNAIRE_TEXT.required).first());

    await dialog.getByRole('combobox', { name: 'Tipo de pregunta' }).click();
    await page.getByRole('option', { name: 'Opción Multiple', exact: true }).click();
    await expect(dialog.getByLabel(/^Respuesta 1/).inputValue()).resolves.toBe('Opción 1');
    await expect(dialog.getByLabel(/^Respuesta 2/).inputValue()).resolves.toBe('Opción 2');
    await expect(dialog.getByLabel('Ponderación de la respuesta 1').inputValue()).resolves.toBe('0');
    await expect(dialog.getByText(QUESTIONNAIRE_TEXT.tooShort).count()).resolves.toBe(0);
    await expect(dialog.getByText(QUESTIONNAIRE_TEXT.required).count()).resolves.toBe(0);
    await expect(summary.count()).resolves.toBe(0);
    await expect(dialog.getByLabel(/^Respuesta 1/).getAttribute('aria-invalid')).resolves.toBe('false');
  });

  it("keeps the question's weighting from one type that scores to another; a type that does not score takes -1, and gives it back after", async () => {
    const page = await asAdmin('/questionnaires/add');
    await page.getByRole('button', { name: 'Agregar dimension' }).click();
    await page.getByRole('button', { name: 'Agregar subdimensión' }).click();
    await page.getByRole('button', { name: 'Agregar pregunta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
    const weighting = dialog.getByLabel('Ponderación', { exact: true });
    const type = async (name: string) => {
      await dialog.getByRole('combobox', { name: 'Tipo de pregunta' }).click();
      await page.getByRole('option', { name, exact: true }).click();
    };
    await weighting.fill('40');
    // Its answers go back to the new type's, its weighting in the sub-dimension stays (it dropped to 0).
    await type('Opción Multiple');
    await expect(dialog.getByLabel(/^Respuesta 1/).inputValue()).resolves.toBe('Opción 1');
    await expect(weighting.inputValue()).resolves.toBe('40');
    await type('Abierta');
    await expect(weighting.inputValue()).resolves.toBe('-1');
    await type('Opciones SI, NO, N/A');
    await expect(weighting.inputValue()).resolves.toBe('40');
  });

  it('lists four problems and says how many more there are, as the editor’s error dialog does', async () => {
    const { dialog } = await badMultipleChoice('abc');
    await dialog.getByLabel('Ponderación de la respuesta 1').fill('101');
    await dialog.getByLabel('Ponderación de la respuesta 2').fill('-2');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await shown(dialog.getByText(/^Y \d+ problemas? más, marcados? en rojo\.$/));
  });
});

describe('an Opciones SI, NO, N/A question stored without its three answers', () => {
  /**
   * Stores a version 2 whose first question has two answers (Sí 80, No 20) and whose second has
   * five, as the API took them before it required three: straight in the database on PostgreSQL; on
   * PGlite (the server holds it) the editor is given that version as the server would answer it.
   */
  async function storeLegacyVersion(id: number, page: Page): Promise<QuestionnaireVersion['dimensions']> {
    const v1 = (await (await asAdminApi('GET', `/questionnariesV2/get/${id}`)).json()) as QuestionnaireVersion;
    const [first, second] = v1.dimensions[0].subDimensions[0].questions;
    first.answers = [
      { ...first.answers[0], answer: 'SI', weighting: 80, guide: 'Saludó con una sonrisa.' },
      { ...first.answers[1], weighting: 20 },
    ];
    second.answers = [...second.answers, { ...second.answers[1], _id: 'a-veces', answer: 'A veces' }, { ...second.answers[1], _id: 'nunca', answer: 'Nunca' }];
    const { databaseUrl } = world();
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(
          `INSERT INTO questionnaire_versions (questionnaire_id, version, name, type, content, question_count) VALUES ($1, 2, $2, $3, $4, 2)`,
          [id, v1.name, v1.questionnaire_version_type, JSON.stringify({ dimensions: v1.dimensions })],
        );
        await client.query('UPDATE questionnaires SET last_version = 2 WHERE id = $1', [id]);
      } finally {
        await client.end();
      }
      return v1.dimensions;
    }
    await page.route(`**/api/questionnariesV2/get/${id}*`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as QuestionnaireVersion;
      await route.fulfill({ response: res, json: body.version === 1 ? { ...body, dimensions: v1.dimensions } : body });
    });
    return v1.dimensions;
  }

  it('says so on opening, marks the questions, and restores Sí, No and N/A in one click (keeping what it can) so the version saves', async () => {
    const id = await createQuestionnaire('SI NO de dos respuestas e2e');
    session = await chromium.open();
    const page = session.page;
    const legacy = await storeLegacyVersion(id, page);
    await loginAs(page, 'admin@campo.test', { at: `/questionnaires/edit?id=${id}` });
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    const told = page.locator('[data-wrong-close]');
    await shown(told.getByText(QUESTIONNAIRE_TEXT.wrongCloseOpened(2)));
    await shown(told.getByText('Dimensión «Atención» › Subdimensión «Saludo inicial» › Pregunta 1'));
    await shown(told.getByText('Dimensión «Atención» › Subdimensión «Saludo inicial» › Pregunta 2'));
    await expect(page.locator('[data-question-row]').filter({ hasText: 'revise los datos de la pregunta' }).count()).resolves.toBe(2);

    // The question's dialog says it too, and fixes that one question.
    await page.getByRole('button', { name: 'Editar la pregunta 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar pregunta 2' });
    await shown(dialog.getByText(`${QUESTIONNAIRE_TEXT.threeCloseAnswers} (tiene 5).`));
    await dialog.getByRole('button', { name: QUESTIONNAIRE_TEXT.restoreClose }).click();
    await expect(dialog.getByLabel(/^Respuesta \d/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).resolves.toEqual(['Sí', 'No', 'N/A']);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await gone(dialog);
    await shown(told.getByText(QUESTIONNAIRE_TEXT.wrongCloseOpened(1)));
    await expect(told.getByText('› Pregunta 2').count()).resolves.toBe(0);

    // The other one from the notice.
    await told.getByRole('button', { name: QUESTIONNAIRE_TEXT.restoreClose }).click();
    await gone(told);
    await shown(page.getByText(QUESTIONNAIRE_TEXT.closeRestored(1)));
    await expect(page.locator('[data-question-row]').filter({ hasText: 'revise los datos de la pregunta' }).count()).resolves.toBe(0);
    await sendAndConfirm(page);

    const saved = (await (await asAdminApi('GET', `/questionnariesV2/get/${id}`)).json()) as QuestionnaireVersion;
    const [first, second] = saved.dimensions[0].subDimensions[0].questions;
    expect(first.answers.map((a) => [a.answer, a.weighting, a.guide])).toEqual([
      ['SI', 80, 'Saludó con una sonrisa.'],
      ['No', 20, ''],
      ['N/A', -1, ''],
    ]);
    // The answers it had keep their ids (the moves' replies point at them).
    const before = legacy[0].subDimensions[0].questions;
    expect(first.answers.slice(0, 2).map((a) => a._id)).toEqual(before[0].answers.map((a) => a._id));
    expect(second.answers.map((a) => a._id)).toEqual(before[1].answers.slice(0, 3).map((a) => a._id));
  });
});

describe('labels', () => {
  it('shows the whole label of every weighting of the editor', async () => {
    const page = await asAdmin('/questionnaires/add');
    await page.getByRole('button', { name: 'Agregar dimension' }).click();
    await page.getByRole('button', { name: 'Agregar subdimensión' }).click();
    await page.getByRole('button', { name: 'Agregar pregunta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
    await dialog.getByRole('combobox', { name: 'Tipo de pregunta' }).click();
    await page.getByRole('option', { name: 'Opción Multiple', exact: true }).click();
    for (const label of ['Ponderación de la dimensión 1', 'Ponderación de la subdimensión 1', 'Ponderación de la respuesta 1', 'Ponderación de la respuesta 2']) {
      // Required, it carries its '*' too, within the box.
      const element = page.locator('label').filter({ hasText: new RegExp(`^${label}\\s*\\*$`) });
      await shown(element);
      // A cut label ('Ponderación de la di…') is wider than the box that shows it.
      const { scroll, client } = await element.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(scroll, label).toBeLessThanOrEqual(client);
    }
  });
});

describe('on a phone', () => {
  it('shows each question’s name on a line of its own, its weighting and buttons on the next, all within the screen', async () => {
    session = await chromium.open({ viewport: { width: 390, height: 844 } });
    const page = session.page;
    await loginAs(page, 'admin@campo.test');
    const id = await createQuestionnaire(`Teléfono ${Date.now()}`);
    await page.goto(`/questionnaires/edit?id=${id}`);
    const row = page.locator('[data-question-row="1"]');
    await shown(row);
    const name = row.locator('[title]').first();
    // On one line with the weighting and four buttons, the name had no width at all.
    expect((await name.boundingBox())!.width).toBeGreaterThan(200);
    for (const label of ['Ponderación de la pregunta 1', 'Eliminar la pregunta 1']) {
      const box = (await row.getByLabel(label, { exact: true }).boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('staff who only read questionnaires', () => {
  it('open one’s latest version in the preview from the list, with no editor and no writing actions', async () => {
    const name = `Solo lectura ${Date.now()}`;
    await createQuestionnaire(name);
    session = await chromium.open();
    const page = session.page;
    await loginAs(page, 'comercial@campo.test', { at: '/questionnaires' });
    await page.getByRole('textbox', { name: 'Buscar' }).fill(name);
    await page.getByRole('cell', { name, exact: true }).click();
    expect(await page.getByRole('button', { name: 'Crear nueva version' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ver cuestionario' }).click();
    const preview = page.getByRole('dialog', { name });
    await shown(preview);
    await shown(preview.getByRole('tab', { name: 'Vista del Getter' }));
    await preview.getByRole('tab', { name: 'Vista del cliente' }).click();
    await preview.getByRole('button', { name: 'Cerrar' }).click();
    await gone(preview);
  });
});

describe('a session that ends under unsaved work', () => {
  it('goes to the login, saying why, without asking to stay on a page that can no longer save', async () => {
    await createQuestionnaire('Sesión terminada e2e');
    const page = await asAdmin('/questionnaires');
    await row(page, 'Sesión terminada e2e').getByRole('button', { name: 'Crear nueva version' }).click();
    await gone(page.getByText(QUESTIONNAIRE_TEXT.loading));
    await page.getByLabel('Ponderación de la pregunta 1').fill('40');
    await page.getByLabel('Ponderación de la pregunta 2').fill('60');
    // The browser's leave question, answered "stay" (it held the page blank, asking again and again).
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    // The session ends elsewhere: its refresh token is logged out.
    const { refreshToken } = JSON.parse((await page.evaluate(() => localStorage.getItem('campo.session')))!) as { refreshToken: string };
    const logout = await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }) });
    expect(logout.status).toBe(200);
    await page.getByRole('button', { name: 'Enviar cuestionario' }).click();
    await page.getByRole('dialog', { name: 'Confirmación' }).getByRole('button', { name: 'Registrar' }).click();
    await shown(page.getByText('Su sesión ha expirado. Ingrese nuevamente.'));
    expect(pathOf(page)).toBe('/login');
    expect(asked).toEqual([]);
    expect(navigations.length).toBeLessThan(5);
    // The save refused with the ended session's token: the only errors the page logged.
    const { errors } = session!;
    errors.assertNone([/status of 400/, /status of 401/]);
    errors.list.length = 0;
  });
});
