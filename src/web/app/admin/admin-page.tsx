import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { defaultsNeedNotice, SETTING_LABELS } from '../../../contracts/settings';
import { teacherName } from '../../../contracts/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { RequireAuth } from '../../components/require-auth';
import { NotificationsSection } from '../../features/notifications/notifications-section';
import { usePageTitle } from '../../components/layout/use-page-title';
import { useProfile } from '../../lib/account-api';
import { siteSettingsQuery, useKeepDefaults } from '../../features/settings/api';
import { errorText } from '../../lib/error-text';
import { useSiteInfo } from '../../lib/site-info';
import { GradebookPanel } from '../../features/gradebook/gradebook-panel';
import { Overview } from '../../features/overview/overview';
import { OpenPanel } from './open-panel';

/** The spec's panels, with their original button texts, grouped so that each is easy to find (on a phone too). */
const panelGroups = [
  {
    heading: 'Students',
    panels: [
      'List of Old Students',
      'List of New Students',
      'List of Regd Students',
      'Data View',
      'Update Course Completion',
    ],
  },
  {
    heading: 'Batches and classes',
    panels: ['Create Batch', 'Class Schedule', 'Live supervision', 'Step through a program'],
  },
  {
    heading: 'Course content',
    panels: ['Create Course', 'Program Exercises', 'Similarity check', 'Self assessment questions'],
  },
  { heading: 'Fees', panels: ['Update Payment Status', 'Payments'] },
  { heading: 'Messages and site', panels: ['Doubts', 'Testimonials', 'Mail outbox', 'Site Settings'] },
] as const;
export type Panel = (typeof panelGroups)[number]['panels'][number];

const panelForHash: Record<string, Panel> = { '#doubts': 'Doubts' };

/**
 * Which site settings still hold what the site started with, so the teacher knows what is left to fill in. A teacher
 * who means to keep them says so once (stored): the notice comes back only when another setting is at its first
 * value again.
 */
function SettingsDefaultsNotice({ onOpen }: { onOpen: () => void }) {
  const { data } = useQuery(siteSettingsQuery());
  const keep = useKeepDefaults();
  if (!data || !defaultsNeedNotice(data)) return null;
  return (
    <section
      className="alert alert-info d-flex flex-wrap align-items-center gap-2"
      aria-label="Settings still at their first values"
    >
      <span className="flex-grow-1">
        Still the first-start defaults: {data.defaults.map((name) => SETTING_LABELS[name]).join(', ')}.
      </span>
      <span className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-primary" onClick={onOpen}>
          Open Site Settings
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={keep.isPending}
          onClick={() => keep.mutate()}
        >
          Keep these defaults
        </button>
      </span>
      {keep.error ? <span className="w-100 text-danger">{errorText(keep.error)}</span> : null}
    </section>
  );
}

/** Buttons that open the panels, under headings, in a grid that becomes one column on a phone. */
function PanelMenu({ open, onOpen }: { open: Panel | null; onOpen: (panel: Panel) => void }) {
  return (
    <nav id="admin-panels" className="admin-panel-menu mb-4" aria-labelledby="admin-panels-heading">
      <h2 id="admin-panels-heading" className="h4">
        Panels
      </h2>
      <div className="admin-panel-groups">
        {panelGroups.map((group) => (
          <div key={group.heading} className="admin-panel-group">
            <h3 className="h6 text-body-secondary">{group.heading}</h3>
            <div className="admin-buttons">
              {group.panels.map((name) => (
                <button
                  key={name}
                  type="button"
                  className={`btn ${open === name ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-pressed={open === name}
                  data-panel={name}
                  onClick={() => onOpen(name)}
                >
                  {name}
                </button>
              ))}
            </div>
          </div>
        ))}
      </div>
    </nav>
  );
}

function AdminDashboard() {
  const { data: admin } = useProfile();
  // The teacher is named as students see them named: the instructor of Site Settings (the saved value, once saved).
  const settings = useQuery(siteSettingsQuery());
  const { instructorName } = useSiteInfo();
  const [panel, setPanel] = useState<Panel | null>(null);
  const opened = useRef<HTMLDivElement>(null);
  const [scrollToPanel, setScrollToPanel] = useState(false);
  useEffect(() => {
    if (!scrollToPanel || !panel) return;
    opened.current?.scrollIntoView({ block: 'start' });
    // Its heading takes focus: a screen reader and the keyboard continue in the panel, not at the button.
    opened.current?.querySelector<HTMLElement>('.admin-panel h2')?.focus({ preventScroll: true });
    setScrollToPanel(false);
  }, [scrollToPanel, panel]);
  /** Opens a panel and brings it into view: it opens at the top of the page, whichever button opened it. */
  const openPanel = (name: Panel) => {
    setPanel(name);
    setScrollToPanel(true);
  };
  /** Closing a panel hands focus back to the button that opened it. */
  const exitPanel = () => {
    const button = panel ? document.querySelector<HTMLElement>(`[data-panel="${panel}"]`) : null;
    setPanel(null);
    button?.focus();
  };
  // A notice of a new doubt leads to /AdminPage#doubts (one of a submission to ?student=, the gradebook's).
  const { hash } = useLocation();
  useEffect(() => {
    const target = panelForHash[hash];
    if (target) {
      setPanel(target);
      setScrollToPanel(true);
    }
  }, [hash]);
  // The settings decide the teacher's name and the notice above the menu: the page waits for them (a moment), so
  // nothing arrives above the menu after it is drawn and a tap never lands on a button that has just moved.
  if (!admin) return null;
  if (settings.isPending) return <PageSpinner label="Loading the dashboard…" />;
  return (
    <>
      <p className="text-success mb-1">
        Logged In: {teacherName(settings.data?.settings.instructorName ?? instructorName, admin)}
      </p>
      <h1 className="h2 mb-3">Admin Dashboard</h1>
      {/* An open panel comes first, under the page's heading, then the menu: on a phone the overview, the charts and
          the gradebook run to 4,000 to 8,000 px, and drawing late they would move whatever came after them. */}
      <div ref={opened} className="admin-open-panel">
        {panel ? <OpenPanel panel={panel} onExit={exitPanel} /> : null}
      </div>
      <SettingsDefaultsNotice onOpen={() => openPanel('Site Settings')} />
      <PanelMenu open={panel} onOpen={openPanel} />
      <Overview onOpen={openPanel} />
      <NotificationsSection />
      <GradebookPanel />
    </>
  );
}

export function AdminPage() {
  usePageTitle('Admin Dashboard');
  return (
    <div className="container-xl page-wide">
      <RequireAuth role="admin">
        <AdminDashboard />
      </RequireAuth>
    </div>
  );
}
