/**
 * Demo questionnaires: mystery-shopping visits to a café, a bank branch and a supermarket, with
 * several versions, every question type and penalties; and a café's opening check whose scored
 * questions all offer N/A, so that an approved visit may have no result. Each version passes the same rules the
 * API applies (a broken demo fails the seed, not a user).
 */
import { inArray } from 'drizzle-orm';
import { problemLine, questionnaireProblems, repeatedNames } from '../../../domain/questionnaire-weights';
import {
  type Answer,
  countQuestions,
  defaultAnswers,
  type Dimension,
  finalizeQuestionnaire,
  newId,
  newPenaltyDimension,
  type Question,
  type QuestionnaireContent,
  type QuestionType,
  type SubDimension,
  type VersionType,
} from '../../../domain/questionnaires';
import type { Tx } from '../client';
import { questionnaires, questionnaireVersions, users } from '../schema';

type Options = { [option: string]: number };
type Extra = Partial<Pick<Question, 'visibleToUser' | 'visibleToGetter' | 'allowPhotoEvidence' | 'photoEvidenceRequired' | 'guide'>>;

const options = (o: Options): Answer[] =>
  Object.entries(o).map(([text, weighting], i) => ({ _id: newId(), answer: text, guide: '', weighting, hasCommentary: false, isRequired: false, number: i + 1 }));

function q(type: QuestionType, name: string, weighting: number, answers?: Options | Answer[], extra: Extra = {}): Question {
  return {
    _id: newId(),
    name,
    weighting,
    type,
    answers: answers ? (Array.isArray(answers) ? answers : options(answers)) : defaultAnswers(type),
    visibleToUser: true,
    visibleToGetter: true,
    allowPhotoEvidence: false,
    photoEvidenceRequired: false,
    guide: '',
    answerRequired: false,
    ...extra,
  };
}

const close = (name: string, weighting: number, extra?: Extra) => q('close', name, weighting, undefined, extra);
const sub = (name: string, weighting: number, questions: Question[]): SubDimension => ({ _id: newId(), name, weighting, type: 'NORMAL', questions });
const dim = (name: string, weighting: number, subDimensions: SubDimension[]): Dimension => ({ _id: newId(), name, weighting, type: 'NORMAL', subDimensions });
const photos = (name: string, count: number, guide = '') => q('photographs', name, -1, [{ ...defaultAnswers('photographs')[0], answer: String(count), guide }]);

function penalties(absolute: [string][], accumulative: [string, number][]): Dimension {
  const d = newPenaltyDimension();
  d.subDimensions[0].questions = absolute.map(([name]) => q('penalty', name, 100));
  d.subDimensions[1].questions = accumulative.map(([name, w]) => q('penalty', name, w));
  return d;
}

function cafe(version: 1 | 2 | 3): Dimension[] {
  const weights = version === 3 ? [50, 25, 25] : [40, 30, 30];
  const dims = [
    dim('Atención', weights[0], [
      sub('Saludo y bienvenida', 50, [
        close('¿El personal saludó al cliente dentro de los primeros 30 segundos?', 50, {
          guide: 'Cuente desde que el cliente cruza la puerta hasta el primer saludo del personal.',
        }),
        close('¿El mozo o la moza se presentó con su nombre?', 20),
        q('open', '¿Cómo calificaría el trato recibido durante la visita?', 30, { Excelente: 100, Bueno: 70, Regular: 30, Malo: 0 }),
      ]),
      sub('Conocimiento del producto', 50, [
        q('accumulative', '¿Qué sugerencias ofreció el personal sin que se las pidiera?', 60, { 'Plato del día': 40, 'Bebida o café de especialidad': 30, Postre: 30 }),
        close('¿Supo responder sobre ingredientes y alérgenos?', 40, { allowPhotoEvidence: version > 1 }),
      ]),
    ]),
    dim('Limpieza', weights[1], [
      sub('Salón', 60, [
        close('¿Las mesas estaban limpias al momento de sentarse?', 50),
        close('¿El piso del salón estaba limpio y seco?', 50),
        photos('Tome fotos del salón desde la entrada', 2, 'Sin personas en primer plano; que se vean mesas y barra.'),
      ]),
      sub('Sanitarios', 40, [
        close('¿Los sanitarios tenían papel, jabón y toallas?', 100, { allowPhotoEvidence: true, photoEvidenceRequired: true }),
        q('text', 'Describa el estado general de los sanitarios', -1),
      ]),
    ]),
    dim('Tiempos de espera', weights[2], [
      sub('Pedido y entrega', 100, [
        q('amount', '¿Cuántos minutos esperó hasta que le tomaran el pedido?', -1),
        close('¿El pedido llegó en menos de 15 minutos?', 70),
        close('¿La cuenta llegó en menos de 5 minutos después de pedirla?', 30),
        q('multiple', '¿Qué medios de pago le ofrecieron?', -1, { Efectivo: -1, 'Tarjeta de débito': -1, 'Tarjeta de crédito': -1, 'QR o billetera virtual': -1 }),
      ]),
    ]),
  ];
  if (version === 1) return dims;
  return [
    ...dims,
    penalties(
      [['¿Se observaron plagas o alimentos en mal estado?']],
      [
        ['¿El personal usó el celular delante de los clientes?', 10],
        ['¿Faltaba la carta con precios a la vista?', 5],
      ],
    ),
  ];
}

function bank(version: 1 | 2): Dimension[] {
  return [
    dim('Ingreso y espera', 35, [
      sub('Recepción en la sucursal', 100, [
        close('¿Había personal de recepción o seguridad en la entrada?', 30),
        close('¿El sistema de turnos funcionaba correctamente?', 30),
        q('amount', '¿Cuántas personas esperaban al momento de ingresar?', -1),
        q('open', '¿Cuánto tiempo esperó hasta ser atendido?', 40, { 'Menos de 10 minutos': 100, 'Entre 10 y 20 minutos': 60, 'Más de 20 minutos': 0 }),
        close('¿Pudo ingresar con el celular encendido?', -1, { visibleToUser: false }),
      ]),
    ]),
    dim('Asesoramiento', 45, [
      sub('Atención en caja', 40, [close('¿El cajero saludó y confirmó la operación antes de realizarla?', 60), close('¿Le entregaron el comprobante sin pedirlo?', 40)]),
      sub('Oficial de cuentas', 60, [
        q('accumulative', '¿Qué productos le explicó el oficial de cuentas?', version === 2 ? 70 : 50, {
          'Caja de ahorro': 25,
          'Tarjeta de crédito': 25,
          'Plazo fijo': 25,
          'Seguros': 25,
        }),
        close('¿Le ofreció una tarjeta personal o un medio de contacto?', version === 2 ? 30 : 50),
        q('text', 'Observaciones del agente de calidad sobre la entrevista', -1, undefined, { visibleToGetter: false, visibleToUser: false }),
      ]),
    ]),
    dim('Instalaciones', 20, [
      sub('Limpieza y orden', 100, [
        close('¿El hall y los escritorios estaban ordenados?', 50),
        close('¿Los cajeros automáticos funcionaban y estaban limpios?', 50),
        photos('Tome fotos del sector de cajeros automáticos', 3),
      ]),
    ]),
    ...(version === 2 ? [penalties([['¿Le pidieron datos personales por un canal no oficial?']], [['¿El personal mostró información de otro cliente?', 20]])] : []),
  ];
}

function supermarket(): Dimension[] {
  return [
    dim('Góndolas', 60, [
      sub('Precios y carteles', 50, [
        close('¿Todos los productos de la góndola tenían precio visible?', 60),
        q('open', '¿Los precios de góndola coincidían con los de caja?', 40, { 'Todos coincidían': 100, 'Hubo una diferencia': 40, 'Hubo varias diferencias': 0 }),
      ]),
      sub('Reposición', 50, [close('¿Había faltantes en la góndola de lácteos?', 50), close('¿Los productos próximos a vencer estaban al frente?', 50), photos('Fotografíe la góndola de lácteos', 1)]),
    ]),
    dim('Línea de cajas', 40, [
      sub('Tiempos en caja', 100, [q('amount', '¿Cuántas cajas estaban abiertas?', -1), close('¿Esperó menos de 10 minutos en la fila?', 100)]),
    ]),
  ];
}

/**
 * A café's opening check: its scored questions are all Sí/No/N/A, so a visit that finds none of them
 * applicable (the café closed for the day) answers every one N/A, as approval allows, and has no result.
 */
function opening(): Dimension[] {
  return [
    dim('Apertura', 60, [
      sub('Horario y acceso', 100, [
        close('¿El local abrió a la hora publicada en la puerta?', 60),
        close('¿La entrada estaba despejada y señalizada?', 40),
        q('text', 'Describa lo que encontró al llegar', -1),
      ]),
    ]),
    dim('Exhibidor', 40, [
      sub('Pastelería del día', 100, [close('¿El exhibidor de pastelería estaba completo?', 50), close('¿Los precios del exhibidor estaban a la vista?', 50)]),
    ]),
  ];
}

const DAY = 24 * 3600 * 1000;

interface DemoQuestionnaire {
  name: string;
  type: VersionType;
  versions: { daysAgo: number; by: string; dimensions: Dimension[] }[];
}

const DEMO: DemoQuestionnaire[] = [
  {
    name: 'Visita a cafetería',
    type: 'Básico',
    versions: [
      { daysAgo: 120, by: 'admin@campo.test', dimensions: cafe(1) },
      { daysAgo: 75, by: 'operaciones@campo.test', dimensions: cafe(2) },
      { daysAgo: 20, by: 'admin@campo.test', dimensions: cafe(3) },
    ],
  },
  {
    name: 'Experiencia en sucursal bancaria',
    type: 'Complejo',
    versions: [
      { daysAgo: 90, by: 'operaciones@campo.test', dimensions: bank(1) },
      { daysAgo: 10, by: 'operaciones@campo.test', dimensions: bank(2) },
    ],
  },
  { name: 'Control de góndolas en supermercado', type: 'Básico', versions: [{ daysAgo: 45, by: 'admin@campo.test', dimensions: supermarket() }] },
  { name: 'Control de apertura de cafetería', type: 'Básico', versions: [{ daysAgo: 60, by: 'operaciones@campo.test', dimensions: opening() }] },
];

export async function seedQuestionnaires(tx: Tx): Promise<void> {
  const staff = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['admin@campo.test', 'operaciones@campo.test']));
  const userId = (email: string) => staff.find((u) => u.email === email)?.id ?? null;
  for (const demo of DEMO) {
    const contents = demo.versions.map((v) => {
      const content: QuestionnaireContent = finalizeQuestionnaire({ name: demo.name, questionnaire_version_type: demo.type, dimensions: v.dimensions });
      const problems = [...questionnaireProblems(content), ...repeatedNames(content)];
      if (problems.length) throw new Error(`Demo questionnaire "${demo.name}" is invalid: ${problemLine(problems[0])}`);
      return content;
    });
    const first = demo.versions[0];
    const last = demo.versions.at(-1)!;
    const [row] = await tx
      .insert(questionnaires)
      .values({
        name: demo.name,
        type: demo.type,
        lastVersion: demo.versions.length,
        createdBy: userId(first.by),
        updatedBy: userId(last.by),
        createdAt: new Date(Date.now() - first.daysAgo * DAY),
        updatedAt: new Date(Date.now() - last.daysAgo * DAY),
      })
      .returning({ id: questionnaires.id });
    await tx.insert(questionnaireVersions).values(
      demo.versions.map((v, i) => ({
        questionnaireId: row.id,
        version: i + 1,
        name: demo.name,
        type: demo.type,
        content: { dimensions: contents[i].dimensions },
        questionCount: countQuestions(contents[i]),
        createdBy: userId(v.by),
        createdAt: new Date(Date.now() - v.daysAgo * DAY),
      })),
    );
  }
}
