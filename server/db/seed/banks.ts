/** Demo data for the declarative banks: guidelines with their versions, tag groups, motives, characteristics. */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../client';
import { characteristics, guidelines, motives, tagGroups } from '../schema';

interface GuidelineSeed {
  name: string;
  /** Each version's texts; every version but the last (or all, when `ended`) has ended. */
  versions: { generalities: string; beforeWork: string; duringWork: string; afterWork: string; video?: string; created: string }[];
  ended?: string;
  slug: string;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const ul = (...items: string[]) => `<ul>${items.map((item) => `<li><p>${item}</p></li>`).join('')}</ul>`;

const CAFE_GENERAL = p(
  'Este instructivo describe la visita de cliente incógnito a una cafetería de la cadena. El objetivo es evaluar la <strong>atención en el mostrador</strong>, la limpieza del salón y la calidad del producto servido, tal como lo viviría un cliente habitual.',
);
const CAFE_BEFORE = p('Antes de la visita revise el horario de apertura del local y planifique llegar en un momento de actividad normal, evitando los primeros y los últimos quince minutos del turno.') +
  ul('Cargue la batería del teléfono y libere espacio para el video.', 'Lleve efectivo y una tarjeta para pagar el consumo.', 'No se identifique como auditor en ningún momento.');
const CAFE_DURING = p(
  'Al ingresar, observe si el personal saluda dentro de los primeros treinta segundos. Pida un café con leche mediano y una medialuna, consulte por una promoción vigente y registre el tiempo de espera desde el pedido hasta la entrega. Observe el estado de las mesas, los baños y la zona de condimentos.',
);
const CAFE_AFTER = p(
  'Al salir, complete el cuestionario en la aplicación dentro de las dos horas siguientes. Adjunte la foto del ticket y del producto, y describa con detalle cualquier situación fuera de lo habitual. Las respuestas deben basarse sólo en lo que usted vio y escuchó.',
);

const GUIDELINES: GuidelineSeed[] = [
  {
    name: 'Cliente incógnito en cafetería',
    slug: 'cafeteria',
    versions: [
      {
        generalities: CAFE_GENERAL,
        beforeWork: p('Antes de la visita revise el horario del local y planifique llegar en un momento de actividad normal. Lleve efectivo para pagar el consumo y no se identifique como auditor en ningún momento.'),
        duringWork: CAFE_DURING,
        afterWork: CAFE_AFTER,
        created: '2025-03-03T12:00:00Z',
      },
      { generalities: CAFE_GENERAL, beforeWork: CAFE_BEFORE, duringWork: CAFE_DURING, afterWork: CAFE_AFTER, video: 'https://youtu.be/M7lc1UVf-VE', created: '2025-08-18T12:00:00Z' },
    ],
  },
  {
    name: 'Apertura de cuenta en sucursal bancaria',
    slug: 'banco',
    versions: [
      {
        generalities: p(
          'La visita evalúa el proceso de consulta para abrir una caja de ahorro en una sucursal del banco. Se mide el tiempo de espera, la claridad de la información sobre costos y requisitos, y la cordialidad del oficial de cuentas que lo atienda.',
        ),
        beforeWork: p(
          'Solicite turno por la web del banco sólo si la consigna del proyecto lo indica. Prepare su documento de identidad y defina de antemano el perfil que va a presentar: empleado en relación de dependencia con un ingreso mensual medio.',
        ),
        duringWork: p(
          'Tome número al ingresar y registre la hora. Cuando lo atiendan, pregunte por los requisitos, el costo de mantenimiento y los beneficios de la tarjeta de débito. No firme ningún formulario ni entregue copias de su documentación: la visita termina con la consulta.',
        ),
        afterWork: p(
          'Complete el cuestionario el mismo día. Indique el nombre del oficial si lo vio en su identificación, los tiempos de espera y atención, y si le ofrecieron productos adicionales. Guarde el ticket del turno como comprobante de la visita.',
        ),
        created: '2025-05-12T12:00:00Z',
      },
    ],
  },
  {
    name: 'Prueba de manejo en concesionaria',
    slug: 'concesionaria',
    versions: [1, 2, 3].map((n) => ({
      generalities: p(
        `Versión ${n}. El objetivo es evaluar la experiencia de un cliente interesado en un vehículo cero kilómetro: la recepción en el salón, el conocimiento del vendedor sobre el modelo y el ofrecimiento espontáneo de una prueba de manejo.`,
      ),
      beforeWork: p(
        'Elija con anticipación el modelo por el que va a consultar y revise su ficha técnica en el sitio de la marca. Lleve su licencia de conducir vigente, porque puede ser necesaria si el vendedor ofrece la prueba de manejo.',
      ),
      duringWork: p(
        'Ingrese al salón y espere a ser atendido sin acercarse al mostrador. Pregunte por el equipamiento, las formas de financiación y los plazos de entrega. Si no le ofrecen la prueba de manejo, pídala usted antes de despedirse y registre la respuesta.',
      ),
      afterWork: p(
        'Complete el cuestionario dentro de las veinticuatro horas. Adjunte las fotos del salón y de la tarjeta del vendedor, y detalle si recibió un presupuesto por escrito o por correo electrónico después de la visita.',
      ),
      video: n === 3 ? 'ScMzIvxBSi4' : undefined,
      created: ['2024-11-04T12:00:00Z', '2025-02-10T12:00:00Z', '2025-07-07T12:00:00Z'][n - 1],
    })),
  },
  {
    name: 'Control de góndolas en supermercado',
    slug: 'gondolas',
    ended: '2025-06-30T12:00:00Z',
    versions: [
      {
        generalities: p(
          'El relevamiento verifica la exhibición de una lista de productos en las góndolas del supermercado: presencia, precio visible y coincidente con el sistema, fecha de vencimiento y ubicación según el planograma acordado con el cliente.',
        ),
        beforeWork: p(
          'Descargue la lista de productos del proyecto y revise el planograma antes de ingresar. Vaya en un horario de baja concurrencia para poder recorrer los pasillos con tranquilidad y sin interrumpir la reposición.',
        ),
        duringWork: p(
          'Recorra los pasillos en el orden de la lista. Para cada producto, fotografíe la góndola completa y la etiqueta de precio. Si falta un producto, consulte a un repositor si hay stock en depósito y anote la respuesta textual.',
        ),
        afterWork: p(
          'Cargue las fotos en la aplicación agrupadas por producto y complete el cuestionario. Marque como no disponible todo producto que no haya encontrado, aunque el repositor le haya dicho que llegará en los próximos días.',
        ),
        created: '2025-01-20T12:00:00Z',
      },
    ],
  },
];

const TAG_GROUPS = [
  { groupName: 'Zona comercial', active: true, keysValues: [{ key: 'NOA', value: 'Noroeste' }, { key: 'NEA', value: 'Noreste' }, { key: 'CUY', value: 'Cuyo' }, { key: 'PAM', value: 'Pampeana' }, { key: 'PAT', value: 'Patagonia' }] },
  { groupName: 'Formato de local', active: true, keysValues: [{ key: 'CALLE', value: 'Local a la calle' }, { key: 'SHOP', value: 'Shopping' }, { key: 'EXP', value: 'Express' }] },
  { groupName: 'Horario de atención', active: true, keysValues: [{ key: 'COMERCIAL', value: 'Lunes a viernes de 9 a 18' }, { key: 'EXTENDIDO', value: 'Todos los días de 8 a 22' }, { key: '24H', value: 'Abierto 24 horas' }] },
  { groupName: 'Canal de venta (histórico)', active: false, keysValues: [{ key: 'MAY', value: 'Mayorista' }, { key: 'MIN', value: 'Minorista' }] },
];

const MOTIVES = [
  { motive: 'Video incompleto', description: 'El video no registra la visita completa: falta el ingreso, la atención o el pago.', requiresUserComment: false, isActive: true },
  { motive: 'Audio inaudible', description: 'No se entiende la conversación con el personal en la grabación.', requiresUserComment: false, isActive: true },
  { motive: 'Fotos borrosas o faltantes', description: 'Las fotos pedidas en el cuestionario no se ven con claridad o no fueron adjuntadas.', requiresUserComment: false, isActive: true },
  { motive: 'Visita fuera de la franja horaria', description: 'La visita se hizo fuera del horario indicado por el proyecto.', requiresUserComment: false, isActive: true },
  { motive: 'Respuestas inconsistentes', description: 'Las respuestas del cuestionario no coinciden con lo que muestran las evidencias.', requiresUserComment: true, isActive: true },
  { motive: 'Otro', description: 'Cualquier otra razón: detállela en el comentario para el Getter.', requiresUserComment: true, isActive: true },
  { motive: 'Local cerrado sin aviso', description: null, requiresUserComment: false, isActive: false },
];

const CHARACTERISTICS: { description: string; disabled?: boolean }[] = [
  { description: 'Estacionamiento propio' },
  { description: 'Acceso para personas con movilidad reducida' },
  { description: 'Atención las 24 horas' },
  { description: 'Wifi para clientes' },
  { description: 'Autoservicio' },
  { description: 'Espacio de juegos para niños' },
  { description: 'Venta telefónica', disabled: true },
];

/** Seeds the banks; the caller runs it once, on the empty database (seedDemo's transaction). */
export async function seedBanks(db: Db | Tx): Promise<void> {
  for (const guideline of GUIDELINES) {
    let sequenceId: number | null = null;
    for (const [index, version] of guideline.versions.entries()) {
      const next = guideline.versions[index + 1];
      const [{ id }] = await rowsOf<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('guidelines', 'id'))::int as id`);
      sequenceId ??= id;
      const media = (section: string) => ({ img: `https://cdn.campo.test/instructivos/${guideline.slug}-${section}.jpg` });
      await db.insert(guidelines).values({
        id,
        sequenceId,
        version: index + 1,
        name: guideline.name,
        generalities: version.generalities,
        generalitiesVideo: version.video ?? null,
        generalitiesImg: media('general').img,
        beforeWork: version.beforeWork,
        beforeWorkVideo: null,
        beforeWorkImg: null,
        duringWork: version.duringWork,
        duringWorkVideo: null,
        duringWorkImg: media('durante').img,
        afterWork: version.afterWork,
        afterWorkVideo: null,
        afterWorkImg: null,
        createdAt: new Date(version.created),
        deletedAt: next ? new Date(next.created) : guideline.ended ? new Date(guideline.ended) : null,
      });
    }
  }
  await db.insert(tagGroups).values(TAG_GROUPS);
  await db.insert(motives).values(MOTIVES);
  await db.insert(characteristics).values(CHARACTERISTICS.map((c) => ({ description: c.description, deletedAt: c.disabled ? new Date('2025-04-01T12:00:00Z') : null })));
}
