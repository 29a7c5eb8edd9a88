import { Navigate, type RouteObject } from 'react-router';
import { learningScreens } from '../lessons/learningScreens';
import { teachScreens } from '../lessons/teach/teachScreens';
import { managementRoutes } from '../management/managementRoutes';
import NoPage from '../screens/NoPage';
import { PageLoading } from '../screens/PageLoading';
import { Shell } from '../shell/Shell';
import { lazyScreen } from './lazyScreen';
import { RouteError } from './RouteError';
import type { ScreenHandle } from './screenTitle';
import { userRoutes } from './userRoutes';

const comingSoon = lazyScreen(() => import('../screens/ComingSoon'));
const handle = (title: ScreenHandle['title']): ScreenHandle => ({ title });

/** The route table of spec §2. Screens load lazily; placeholders name the screen they stand in for. */
export const routes: RouteObject[] = [
  {
    path: '/login',
    handle: handle('screen.login'),
    lazy: lazyScreen(() => import('../screens/LoginScreen')),
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
          { path: 'main/:params', handle: handle('screen.home'), lazy: lazyScreen(() => import('../screens/HomeScreen')) },
          ...userRoutes.map(({ path, title }) => ({ path, handle: handle(title), lazy: learningScreens[path] ?? teachScreens[path] ?? comingSoon })),
          {
            path: 'waitPage/:pageType/:menuType?',
            handle: handle('screen.waitPage'),
            lazy: lazyScreen(() => import('../screens/WaitPage')),
          },
          {
            path: 'management',
            handle: handle('management.title'),
            lazy: lazyScreen(() => import('../management/ManagementLayout')),
            children: [
              { index: true, element: <Navigate to="/management/type=live" replace /> },
              ...managementRoutes.map(({ path, title }) => ({ path, handle: handle(title), lazy: comingSoon })),
            ],
          },
          // Static: the error boundary shows it too, so it is in the main bundle anyway.
          { path: '*', handle: handle('page.notFound'), Component: NoPage },
        ],
      },
    ],
  },
];
