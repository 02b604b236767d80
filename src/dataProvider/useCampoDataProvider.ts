import { useDataProvider } from 'ra-core';
import type { CampoDataProvider } from '.';

export const useCampoDataProvider = () => useDataProvider() as unknown as CampoDataProvider;
