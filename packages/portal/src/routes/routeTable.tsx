import { Navigate, type RouteObject } from 'react-router';
import { managementRoutes } from '../management/managementRoutes';
import NoPage from '../screens/NoPage';
import { PageLoading } from '../screens/PageLoading';
import { Shell } from '../shell/Shell';
import { lazyScreen } from './lazyScreen';
import { RouteError } from './RouteError';
import type { ScreenHandle } from './screenTitle';
import { screens } from './screens';
import { userRoutes } from './userRoutes';

const handle = (title: ScreenHandle['title']): ScreenHandle => ({ title });
const userRoute = ({ path, title, screen }: (typeof userRoutes)[number]): RouteObject => ({ path, handle: handle(title), lazy: screens[screen] });

/**
 * antd's provider as a pathless layout route around the screens: it loads together with the first
 * screen (react-router fetches the lazy parts of all matched routes at once), never with the shell.
 * The home screen, the redirects to it and the screens marked `plain` (/learn, a lesson's page) stay outside:
 * plain markup, so those pages never fetch antd (the notices there come from app/NoticeHost.tsx,
 * fetched on the first one).
 */
const antdLayout = lazyScreen(() => import('../app/AntdRoot'), []);

/**
 * The route table of spec §2. Screens load lazily (`screens`); the rows of `userRoutes` and
 * `managementRoutes` name theirs by key; placeholders name the screen they stand in for.
 */
export const routes: RouteObject[] = [
  {
    lazy: antdLayout,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [{ path: '/login', handle: handle('screen.login'), lazy: screens.login }],
  },
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      {
        // Errors of a screen render inside the shell, so header and footer keep working.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/main/type=new" replace /> },
          { path: 'main', element: <Navigate to="/main/type=new" replace /> },
          { path: 'main/:params', handle: handle('screen.home'), lazy: screens.home },
          ...userRoutes.filter((route) => route.plain).map(userRoute),
          {
            lazy: antdLayout,
            children: [
              ...userRoutes.filter((route) => !route.plain).map(userRoute),
              {
                path: 'waitPage/:pageType/:menuType?',
                handle: handle('screen.waitPage'),
                lazy: screens.waitPage,
              },
              {
                path: 'management',
                handle: handle('management.title'),
                lazy: screens.managementLayout,
                // The bare path opens the first screen the user may use (management/ManagementLayout.tsx).
                children: [
                  ...managementRoutes.map(({ path, title, screen }) => ({ path, handle: handle(title), lazy: screens[screen] })),
                ],
              },
              // Static: the error boundary shows it too, so it is in the main bundle anyway.
              { path: '*', handle: handle('page.notFound'), Component: NoPage },
            ],
          },
        ],
      },
    ],
  },
];
