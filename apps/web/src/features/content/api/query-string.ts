// The one copy lives in lib/http.ts (issue 29 point 4); this name stays for the content area's api files.
export { queryString } from '../../../lib/http';
