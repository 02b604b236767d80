import type { UserProfile } from '../../domain/auth';
import { ACCESS, admits, type Area, ROLE, type UserRole } from '../../domain/roles';

export interface MenuEntry {
  label: string;
  /** A console route. */
  path?: string;
  /** An action instead of a route (external links that need a token). */
  action?: 'auditors' | 'campus';
  area: Area;
  /** Shown only when this holds for the user (the survey entry needs a survey link). */
  when?: (profile: UserProfile) => boolean;
  children?: MenuEntry[];
  icon: string;
}

/** An entry that writes (adds, assigns): shown only to who may write its area, never to who only reads it. */
const writes = (area: Area) => (profile: UserProfile) => admits(ACCESS[area].write, profile.rolId as UserRole);

/** The sidebar of spec 3 §2, filtered by role with the access matrix. */
export const MENU: MenuEntry[] = [
  { label: 'Inicio', path: '/dashboard', area: 'dashboard', icon: 'dashboard', when: (p) => p.rolId !== ROLE.ADMIN },
  { label: 'Usuarios', path: '/web-users', area: 'web-users', icon: 'people' },
  { label: 'Auditores', action: 'auditors', area: 'auditors', icon: 'badge' },
  {
    label: 'Clientes',
    area: 'clients',
    icon: 'business',
    children: [
      { label: 'Lista de clientes', path: '/clients', area: 'clients', icon: 'list' },
      { label: 'Puntos de venta', path: '/branch-offices', area: 'locations', icon: 'store' },
      { label: 'Carga de clientes', path: '/clients/upload', area: 'client-upload', icon: 'upload' },
    ],
  },
  { label: 'Campañas', area: 'campaigns', icon: 'campaign', children: [{ label: 'Banco de campañas', path: '/campo-campaigns', area: 'campaigns', icon: 'list' }] },
  {
    label: 'Proyectos',
    area: 'projects',
    icon: 'work',
    children: [
      { label: 'Banco de proyectos', path: '/projects-campo', area: 'projects', icon: 'list' },
      { label: 'Asignación de proyectos', path: '/projects-campo/assign', area: 'projects', icon: 'assignment' },
      { label: 'Banco de características', path: '/campo-characteristics', area: 'characteristics', icon: 'category' },
    ],
  },
  {
    label: 'Moves',
    area: 'user-moves',
    icon: 'directions',
    children: [
      { label: 'Configurar tipos', path: '/moves-config', area: 'moves-config', icon: 'settings' },
      { label: 'Motivos', path: '/motives', area: 'motives', icon: 'report' },
      { label: 'Listado de moves', path: '/user-moves/historial', area: 'user-moves', icon: 'list' },
      { label: 'Pagar', path: '/payment-administration/pending', area: 'payments', icon: 'payments' },
      { label: 'Exportar', path: '/user-moves/report', area: 'user-moves', icon: 'download' },
      { label: 'Asignar', path: '/user-moves/assign', area: 'user-moves', icon: 'assignment', when: writes('user-moves') },
    ],
  },
  {
    label: 'Cuestionarios',
    area: 'questionnaires',
    icon: 'quiz',
    children: [
      { label: 'Agregar cuestionario', path: '/questionnaires/add', area: 'questionnaires', icon: 'add', when: writes('questionnaires') },
      { label: 'Lista de cuestionarios', path: '/questionnaires', area: 'questionnaires', icon: 'list' },
      { label: 'Banco de instructivos', path: '/campo-guidelines', area: 'guidelines', icon: 'menu_book' },
    ],
  },
  { label: 'Banco de atributos', path: '/features', area: 'features', icon: 'tune' },
  {
    label: 'Notificaciones Push',
    area: 'push-notifications',
    icon: 'notifications',
    children: [
      { label: 'Enviar notificación', path: '/push-notifications/NEW', area: 'push-notifications', icon: 'send' },
      { label: 'Últimos envíos', path: '/push-notifications/historial', area: 'push-notifications', icon: 'history' },
    ],
  },
  { label: 'Tags', path: '/tags', area: 'tags', icon: 'label' },
  { label: 'Mis Reportes', path: '/reports', area: 'reports', icon: 'assessment' },
  {
    label: 'Atención al cliente',
    area: 'client-service',
    icon: 'support',
    children: [
      { label: 'Reclamos', path: '/client-service/claims', area: 'client-service', icon: 'report' },
      { label: 'Contacto / Consultas', path: '/client-service/contact', area: 'client-contact', icon: 'mail' },
    ],
  },
  { label: 'Campus', action: 'campus', area: 'campus', icon: 'school' },
  { label: 'Encuesta', path: '/surveys', area: 'surveys', icon: 'survey', when: (p) => Boolean(p.linkSurveyMonkey) },
];

/**
 * The menu entry of `pathname`: the one whose path holds it the most closely ('/projects-campo/assign/edit'
 * is 'Asignación de proyectos', not 'Banco de proyectos' too).
 */
export function currentEntryPath(pathname: string, entries: readonly MenuEntry[] = MENU): string | undefined {
  const paths = entries.flatMap((e) => [e, ...(e.children ?? [])]).flatMap((e) => (e.path ? [e.path] : []));
  return paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
}

/** What 'Auditores' says on a server without the external site's address (AUDITORS_URL). */
export const AUDITORS_UNSET = 'La administración de auditores no está configurada.';
