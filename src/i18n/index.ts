import polyglotI18nProvider from 'ra-i18n-polyglot';
import { raSpanish } from './es';
import { tiptapSpanish } from './tiptap';

/** Resource names and field labels as react-admin shows them (titles, breadcrumbs, notifications). */
export const resources = {
  clients: {
    name: 'Cliente |||| Clientes',
    fields: {
      name: 'Nombre',
      address: 'Dirección',
      telephone: 'Teléfono',
      email: 'Email',
      imageUrl: 'URL de la imagen',
      claimUrl: 'URL de reclamos',
      contactUrl: 'URL de contacto',
      linkSurveyMonkey: 'Link de encuesta',
      typeId: 'Tipo de Cliente',
      state: 'Estado',
    },
  },
  'campo-guidelines': { name: 'Instructivo |||| Instructivos', fields: { name: 'Nombre', version: 'Versión', createdAt: 'Inicio de vigencia', deletedAt: 'Fin de vigencia' } },
  tags: { name: 'Grupo de tags |||| Tags', fields: { groupName: 'Nombre del grupo', keysValues: 'Claves y valores', active: 'Activo', createdAt: 'Fecha de creación' } },
  motives: {
    name: 'Motivo |||| Motivos',
    fields: { motive: 'Motivo', description: 'Descripción', requiresUserComment: 'Requiere comentario', isActive: 'Activo', createdAt: 'Fecha de creación' },
  },
  'campo-characteristics': { name: 'Característica |||| Características', fields: { description: 'Descripción', deletedAt: 'Estado' } },
} as const;

export const messages = { ...raSpanish, ra: { ...raSpanish.ra, tiptap: tiptapSpanish }, resources };

export const i18nProvider = polyglotI18nProvider(() => messages, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: false });
