import { ZHomeFigures } from '@lms/contracts/home';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The staff home's figures (GET /api/home/figures); each is null when the role may not see it. */
export const useHomeFigures = () =>
  useQuery({ queryKey: ['home', 'figures'], queryFn: () => apiGet('/home/figures', ZHomeFigures) });
