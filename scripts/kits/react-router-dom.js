// The part of React Router the dashboard uses, shared by every app instead of the whole of react-router-dom
// (about 60 KiB gzipped, most of it the data routers and server rendering the dashboard does not use): a kit,
// see README.md beside this file. Append only.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  createPath,
  parsePath,
  useLocation,
  useNavigate,
} from 'crm-sync-kit-source';
