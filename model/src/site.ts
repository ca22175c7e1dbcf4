/**
 * The member site's reading API (member-site.md sections 2 and 7): the shapes the server's
 * routes answer and the web app reads, declared once here so both sides agree.
 */

/** Association pages that live outside the hub; their addresses come from configuration (GET /api/site). */
export const EXTERNAL_PAGES = [
  'technical',
  'hr',
  'legal',
  'savings',
  'masterProgram',
  'advantageProgram',
  'profile',
  'events',
  'newsletters',
  'safetyResources',
  'memberBenefits',
  'industryUpdates',
  'businessGrowth',
] as const;
export type ExternalPage = (typeof EXTERNAL_PAGES)[number];

/** GET /api/site: what the member site's frame needs before anyone signs in. */
export interface SiteConfig {
  /** Absolute http(s) address of each association page. */
  links: Record<ExternalPage, string>;
  /** The support phone line shown with 'no results' and on Contact Us; null when not configured. */
  supportPhone: string | null;
  /** Test mode (HUB_TEST_MODE): the Recent Activity modal is not shown. */
  testMode: boolean;
}

export const SEARCH_LINK_TYPES = ['SAFETY', 'STANDARD', 'GUIDANCE'] as const;
export type SearchLinkType = (typeof SEARCH_LINK_TYPES)[number];

/** GET /api/entity/safetylinkentity/search_link_list?searchTerm=&precedentType=: one result, best first. */
export interface SearchLink {
  id: string;
  type: SearchLinkType;
  /** The safety link's section, or the standard a guidance note belongs to; null for a standard. */
  sectionName: string | null;
  name: string;
  header: string | null;
  /** Where 'Create' goes (safety links that have one), else null. */
  create: string | null;
  /** Where 'View' goes: a hub path or an absolute http(s) address; null when there is none. */
  view: string | null;
}

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 500;
export const LIBRARY_SEARCH_DEBOUNCE_MS = 300;

/** One link of a safety link section (GET /api/entity/SafetyLinkEntity/safety_list). */
export interface SafetyLinkItem {
  id: string;
  name: string;
  create: string | null;
  view: string | null;
  order: number | null;
}

export interface SafetySection {
  id: string;
  name: string;
  tooltip: string | null;
  order: number | null;
  links: SafetyLinkItem[];
}

/** One entry of the library (GET /api/entity/SafetyLinkEntity/documents_list). */
export interface LibraryLink {
  id: string;
  name: string;
  /** The document's link or its stored file (/api/files/{id}); null when it has neither. */
  view: string | null;
}

export interface DocumentsList {
  /** The active documents of the caller's organisation. */
  userLibrary: LibraryLink[];
  /** Member-body (MEA) documents of the types the caller's role may read. */
  masterLibrary: LibraryLink[];
}

export const ACTIVITY_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type ActivityPriority = (typeof ACTIVITY_PRIORITIES)[number];

/** GET /api/entity/ReminderLogEntity/GetRecentActivity: newest first. */
export interface RecentActivity {
  /** Who the item is about (the submitter, the record's owner). */
  owner: string;
  title: string;
  priority: ActivityPriority;
  /** A hub path to open; null when the item has no page. */
  url: string | null;
  /** The review request behind the item (viewing it clears its notification), else null. */
  requestId: string | null;
  /** When it happened (ISO). */
  date: string;
}

/** POST /api/entity/FeedbackAndHelpEntity (category: the FeedbackCategory enum's keys). */
export interface FeedbackPayload {
  category: 'HELP' | 'FEEDBACK';
  email: string;
  information: string;
}

/** Longest search term accepted (longer: 400); the most results a search answers. */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_RESULT_LIMIT = 20;

/** The most items GET .../GetRecentActivity answers. */
export const RECENT_ACTIVITY_LIMIT = 50;

/** Longest help or feedback message (POST /api/entity/FeedbackAndHelpEntity). */
export const FEEDBACK_MAX_LENGTH = 5000;

/** POST /api/site/page-view {page}: the member pages whose views are recorded. */
export const PAGE_VIEW_PAGES = ['home'] as const;
export type PageViewPage = (typeof PAGE_VIEW_PAGES)[number];
