import type { TablerIcon } from '@tabler/icons-react';
import IconBinoculars from '@tabler/icons-react/icons/IconBinoculars';
import IconBriefcase from '@tabler/icons-react/icons/IconBriefcase';
import IconBuilding from '@tabler/icons-react/icons/IconBuilding';
import IconBuildingSkyscraper from '@tabler/icons-react/icons/IconBuildingSkyscraper';
import IconCalendarDue from '@tabler/icons-react/icons/IconCalendarDue';
import IconChartBar from '@tabler/icons-react/icons/IconChartBar';
import IconChartPie from '@tabler/icons-react/icons/IconChartPie';
import IconCrane from '@tabler/icons-react/icons/IconCrane';
import IconDatabaseExport from '@tabler/icons-react/icons/IconDatabaseExport';
import IconFileDownload from '@tabler/icons-react/icons/IconFileDownload';
import IconFileSearch from '@tabler/icons-react/icons/IconFileSearch';
import IconGavel from '@tabler/icons-react/icons/IconGavel';
import IconHistory from '@tabler/icons-react/icons/IconHistory';
import IconLayoutDashboard from '@tabler/icons-react/icons/IconLayoutDashboard';
import IconListSearch from '@tabler/icons-react/icons/IconListSearch';
import IconPoint from '@tabler/icons-react/icons/IconPoint';
import IconRadar from '@tabler/icons-react/icons/IconRadar';
import IconReceipt from '@tabler/icons-react/icons/IconReceipt';
import IconRss from '@tabler/icons-react/icons/IconRss';
import IconSettings from '@tabler/icons-react/icons/IconSettings';
import IconStar from '@tabler/icons-react/icons/IconStar';
import IconSwords from '@tabler/icons-react/icons/IconSwords';
import IconTicket from '@tabler/icons-react/icons/IconTicket';
import IconTrendingUp from '@tabler/icons-react/icons/IconTrendingUp';
import IconUserCircle from '@tabler/icons-react/icons/IconUserCircle';

/**
 * The server menu's `meta.icon` keys (packages/server/src/menus/menu-definition.ts) drawn with Tabler icons, each
 * imported on its own so the bundle carries only these. spec §2: 我的关注 and 我的导出记录 get special icons
 * (a star, a downloaded file). A key the menu adds later gets a plain dot until it is given one here.
 */
export const MENU_ICONS: Readonly<Record<string, TablerIcon>> = {
  dashboard: IconLayoutDashboard,
  subscribe: IconRss,
  bidding: IconGavel,
  upfront: IconCrane,
  expiring: IconCalendarDue,
  search: IconFileSearch,
  bid: IconListSearch,
  monitor: IconRadar,
  owner: IconBuilding,
  rival: IconSwords,
  agent: IconBriefcase,
  project: IconBinoculars,
  'my-focus': IconStar,
  analysis: IconChartPie,
  enterprise: IconBuildingSkyscraper,
  market: IconTrendingUp,
  export: IconDatabaseExport,
  'my-export': IconFileDownload,
  history: IconHistory,
  user: IconUserCircle,
  setting: IconSettings,
  order: IconReceipt,
  coupon: IconTicket,
  statistics: IconChartBar,
};

export function menuIcon(key: string): TablerIcon {
  return MENU_ICONS[key] ?? IconPoint;
}
