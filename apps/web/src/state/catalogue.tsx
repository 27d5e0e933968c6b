import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Service } from '@app/shared';
import { failureMessage } from '../lib/api-client.ts';
import { listServices } from '../lib/api/services.ts';
import { notify } from '../lib/notify.ts';

interface CatalogueState {
  services: Service[];
  /** True until the first service list answer (or failure). */
  servicesLoading: boolean;
  /** Reloads the service list (slots taken change as people book). */
  reloadServices: () => Promise<void>;
}

const CatalogueContext = createContext<CatalogueState | null>(null);

/** The service list, or undefined after toasting the server's or the error's message. */
async function fetchServices(): Promise<Service[] | undefined> {
  try {
    return (await listServices()).services;
  } catch (error) {
    notify('error', failureMessage(error, 'load'));
    return undefined;
  }
}

/**
 * The service list every screen shares, loaded once at start. A live page brings it with it
 * (`initialServices`).
 */
export function CatalogueProvider({
  initialServices,
  children,
}: {
  initialServices?: Service[] | undefined;
  children: ReactNode;
}) {
  const [services, setServices] = useState<Service[]>(initialServices ?? []);
  const [servicesLoading, setServicesLoading] = useState(initialServices === undefined);
  const hasServices = useRef(initialServices !== undefined);

  const reloadServices = useCallback(async () => {
    const list = await fetchServices();
    if (list) setServices(list);
  }, []);

  useEffect(() => {
    if (hasServices.current) return;
    void fetchServices().then((list) => {
      // A transition: the screens the list fills in render in slices, not one long task.
      startTransition(() => {
        if (list) setServices(list);
        setServicesLoading(false);
      });
    });
  }, []);

  const value = useMemo(
    () => ({ services, servicesLoading, reloadServices }),
    [services, servicesLoading, reloadServices],
  );
  return <CatalogueContext value={value}>{children}</CatalogueContext>;
}

export function useCatalogue(): CatalogueState {
  const state = use(CatalogueContext);
  if (!state) throw new Error('useCatalogue must be used inside <CatalogueProvider>');
  return state;
}
