import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * One entry of the server menu (spec §2: menus are fetched after user info, converted into routes and added
 * dynamically; hidden items are left out of the sidebar). A group (`component` 'Layout') has `children` and
 * redirects to its first visible child; a screen has no `children` and a `component` key the client maps to a
 * lazily loaded screen. Every `path` is absolute.
 */
export interface MenuItem {
  /** Unique route name ('Bidding', 'Upfront', 'Bid' …); the client caches views by it unless `meta.noCache`. */
  name: string;
  path: string;
  /** 'Layout' for a group; otherwise the screen's key ('subscribe/bidding'). */
  component: string;
  /** Routable but left out of the sidebar. */
  hidden: boolean;
  /** Where the path itself leads (a group: its first visible child); absent for screens. */
  redirect?: string;
  /** Show a group as a group even with a single child. */
  alwaysShow: boolean;
  meta: { title: string; icon: string; noCache: boolean };
  children?: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z
  .object({
    name: z.string(),
    path: z.string(),
    component: z.string(),
    hidden: z.boolean(),
    redirect: z.string().optional(),
    alwaysShow: z.boolean(),
    meta: z.object({ title: z.string(), icon: z.string(), noCache: z.boolean() }),
    get children() {
      return z.array(menuItemSchema).optional();
    },
  })
  .meta({ id: 'MenuItem' });

/** The component key of a group: the main layout, with the group's children inside. */
export const MENU_GROUP_COMPONENT = 'Layout';

/**
 * The menu tree of the signed-in user in this brand (spec §7 `userMenu/listMenu`; docs/business-rules.md
 * Menus): brand flags remove analysis, export and payment entries; 企业数据统计 needs a main account of member
 * level qiye; 企业管理 needs the brand's new-demand mode.
 */
export const listMenuEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/userMenu/listMenu',
  summary:
    '当前用户的菜单树：按品牌开关（分析、导出、支付）、新需求模式与会员等级过滤；目录的 component 为 Layout，页面的 component 为前端页面标识',
  access: 'user',
  request: z.object({}),
  response: z.array(menuItemSchema),
});
