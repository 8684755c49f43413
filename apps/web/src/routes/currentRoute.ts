// The route whose page is on screen, for what renders inside a page without being handed the
// route: the loading skeleton shows the route's title (decision 0074). RouteMeta provides it.
import { createContext, useContext } from 'react';
import type { RouteDef } from './types.ts';

export const CurrentRoute = createContext<RouteDef | undefined>(undefined);

export const useCurrentRoute = (): RouteDef | undefined => useContext(CurrentRoute);
