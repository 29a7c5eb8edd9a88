import { Navigate, type RouteObject } from 'react-router';
import { managementRoutes } from '../management/managementRoutes';
import NoPage from '../screens/NoPage';
import { PageLoading } from '../screens/PageLoading';
import { Shell } from '../shell/Shell';
import { RouteError } from './RouteError';
import type { ScreenHandle } from './screenTitle';
import { screens } from './screens';
import { userRoutes } from './userRoutes';

const handle = (title: ScreenHandle['title']): ScreenHandle => ({ title });

/**
 * The route table of spec §2. Screens load lazily (`screens`); the rows of `userRoutes` and
 * `managementRoutes` name theirs by key; placeholders name the screen they stand in for.
 */
export const routes: RouteObject[] = [
  {
    path: '/login',
    handle: handle('screen.login'),
    lazy: screens.login,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
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
          ...userRoutes.map(({ path, title, screen }) => ({ path, handle: handle(title), lazy: screens[screen] })),
          {
            path: 'waitPage/:pageType/:menuType?',
            handle: handle('screen.waitPage'),
            lazy: screens.waitPage,
          },
          {
            path: 'management',
            handle: handle('management.title'),
            lazy: screens.managementLayout,
            children: [
              { index: true, element: <Navigate to="/management/type=live" replace /> },
              ...managementRoutes.map(({ path, title, screen }) => ({ path, handle: handle(title), lazy: screens[screen] })),
            ],
          },
          // Static: the error boundary shows it too, so it is in the main bundle anyway.
          { path: '*', handle: handle('page.notFound'), Component: NoPage },
        ],
      },
    ],
  },
];
