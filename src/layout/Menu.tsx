import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DirectionsIcon from '@mui/icons-material/Directions';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import LabelIcon from '@mui/icons-material/Label';
import ListIcon from '@mui/icons-material/List';
import MailIcon from '@mui/icons-material/Mail';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import RateReviewIcon from '@mui/icons-material/RateReview';
import QuizIcon from '@mui/icons-material/Quiz';
import ReportIcon from '@mui/icons-material/Report';
import SchoolIcon from '@mui/icons-material/School';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import StoreIcon from '@mui/icons-material/Store';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TuneIcon from '@mui/icons-material/Tune';
import UploadIcon from '@mui/icons-material/Upload';
import WorkIcon from '@mui/icons-material/Work';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText, type Theme, Tooltip, useMediaQuery } from '@mui/material';
import { useNotify } from 'ra-core';
import { useSidebarState } from 'ra-ui-materialui';
import { type ComponentType, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ACCESS, admits } from '../../domain/roles';
import { getSession } from '../authProvider/session';
import { request } from '../dataProvider/http';
import { publicSettings, useSettings } from './settings';
import { AUDITORS_UNSET, currentEntryPath, MENU, type MenuEntry } from './menu';

const ICONS: Record<string, ComponentType> = {
  dashboard: DashboardIcon,
  people: PeopleIcon,
  badge: BadgeIcon,
  business: BusinessIcon,
  list: ListIcon,
  store: StoreIcon,
  upload: UploadIcon,
  campaign: CampaignIcon,
  work: WorkIcon,
  assignment: AssignmentIcon,
  category: CategoryIcon,
  directions: DirectionsIcon,
  settings: SettingsIcon,
  report: ReportIcon,
  payments: PaymentsIcon,
  download: DownloadIcon,
  quiz: QuizIcon,
  add: PlaylistAddIcon,
  menu_book: MenuBookIcon,
  tune: TuneIcon,
  notifications: NotificationsIcon,
  send: SendIcon,
  history: HistoryIcon,
  label: LabelIcon,
  assessment: AssessmentIcon,
  support: SupportAgentIcon,
  mail: MailIcon,
  school: SchoolIcon,
  // Not the reports' bars: collapsed, the two icons looked the same.
  survey: RateReviewIcon,
};

/**
 * The entries this user may see: by role (the access matrix, without the admin's pass to every
 * route, so an admin's sidebar holds the admin menus and not the client's) and by profile.
 */
export function visibleMenu(entries: MenuEntry[] = MENU): MenuEntry[] {
  const profile = getSession()?.profile;
  if (!profile) return [];
  const role = profile.rolId as never;
  return entries.flatMap((entry) => {
    if (!admits(ACCESS[entry.area].read, role) || (entry.when && !entry.when(profile))) return [];
    if (!entry.children) return [entry];
    const children = visibleMenu(entry.children);
    return children.length ? [{ ...entry, children }] : [];
  });
}

export function CampoMenu() {
  const entries = visibleMenu();
  return (
    <List component="nav" aria-label="Menú principal" dense sx={{ pt: 1 }}>
      {entries.map((entry) => (entry.children ? <Group key={entry.label} entry={entry} /> : <Item key={entry.label} entry={entry} />))}
    </List>
  );
}

function Group({ entry }: { entry: MenuEntry }) {
  const location = useLocation();
  const [sidebarOpen] = useSidebarState();
  const inside = entry.children!.some((c) => c.path && location.pathname.startsWith(c.path));
  const [open, setOpen] = useState(inside);
  const Icon = ICONS[entry.icon] ?? ListIcon;
  return (
    <>
      <Tooltip title={sidebarOpen ? '' : entry.label} placement="right">
        <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <ListItemIcon>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={entry.label} />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
      </Tooltip>
      <Collapse in={open} timeout="auto" unmountOnExit>
        {/* A list's items are list items: a link straight inside the <ul> left screen readers no count of the group's entries (axe 'list'). */}
        <List disablePadding dense>
          {entry.children!.map((child) => (
            <ListItem key={child.label} disablePadding>
              <Item entry={child} nested={sidebarOpen} />
            </ListItem>
          ))}
        </List>
      </Collapse>
    </>
  );
}

function Item({ entry, nested }: { entry: MenuEntry; nested?: boolean }) {
  const location = useLocation();
  const notify = useNotify();
  const settings = useSettings();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  // On a phone the menu is a drawer over the page: it closes once an entry is chosen.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const Icon = ICONS[entry.icon] ?? ListIcon;
  const selected = Boolean(entry.path && currentEntryPath(location.pathname) === entry.path);

  const onClick = async () => {
    if (phone) setSidebarOpen(false);
    if (entry.action === 'auditors') {
      // Clicked before the deployment links arrived (right after the console opened): their answer is awaited
      // in a tab opened now, as the campus does (a window opened after an await is blocked as a pop-up). The
      // click read 'no configurada' of a server that has the site.
      const known = settings.auditorsUrl;
      const tab = known === undefined ? window.open('about:blank', '_blank') : null;
      if (tab) tab.opener = null;
      let url: string;
      try {
        url = known ?? (await publicSettings()).auditorsUrl;
      } catch (error) {
        // Not read (the network, the server): said as such, not as a site this server lacks.
        tab?.close();
        return notify((error as Error).message, { type: 'error' });
      }
      // Not configured on this server: said at once, as the campus says it (a page saying 'próximamente' was a dead end).
      if (!url) {
        tab?.close();
        return notify(AUDITORS_UNSET, { type: 'error' });
      }
      const href = `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(getSession()?.token ?? '')}`;
      if (tab) tab.location.href = href;
      else window.open(href, '_blank', 'noopener');
    }
    if (entry.action === 'campus') {
      // Open the tab first: a window opened after an await is blocked as a pop-up.
      const tab = window.open('about:blank', '_blank');
      // The campus gets no handle on the console's tab (what 'noopener' does, which would leave us none on the new one).
      if (tab) tab.opener = null;
      try {
        const { url } = await request<{ url: string }>('/moodle');
        if (tab) tab.location.href = url;
      } catch (error) {
        tab?.close();
        notify((error as Error).message, { type: 'error' });
      }
    }
  };

  const content = (
    <>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      <ListItemText primary={entry.label} />
    </>
  );
  return (
    <Tooltip title={sidebarOpen ? '' : entry.label} placement="right">
      {/* A screen of the console is a link (it opens in another tab with the browser's own gestures); an
          action that leaves the console is a button. */}
      {entry.path ? (
        <ListItemButton component={Link} to={entry.path} selected={selected} aria-current={selected ? 'page' : undefined} onClick={() => phone && setSidebarOpen(false)} sx={nested ? { pl: 4 } : undefined}>
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton onClick={onClick} sx={nested ? { pl: 4 } : undefined}>
          {content}
        </ListItemButton>
      )}
    </Tooltip>
  );
}
