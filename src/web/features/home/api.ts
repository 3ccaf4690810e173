import { queryOptions } from '@tanstack/react-query';
import { homeEndpoints } from '../../../contracts/home';
import { homeKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';

export const getHome = () => callEndpoint(homeEndpoints.home);
export const homeQuery = () => queryOptions({ queryKey: homeKey, queryFn: getHome });
