/**
 * The one copy of React Router that every family shares (share keys 'react-router' and
 * 'react-router-dom'). A shared module cannot be tree-shaken, so instead of sharing the whole package
 * (about 60 KB gzip) the build shares this module: exactly the API the app uses, taken from React
 * Router's production build (13 KB gzip). The app uses the declarative router (BrowserRouter +
 * useRoutes), not the data router. shared/test/federation-facades.test.ts fails when code imports a name
 * that is missing here.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-production';
