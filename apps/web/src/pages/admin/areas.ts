import { lazy } from 'react';
import {
  CalendarClock,
  CalendarX,
  Car,
  ChartColumn,
  IdCard,
  MailExclamationPoint,
  MessagesSquare,
  ScrollText,
  Smartphone,
  Star,
  Sun,
} from 'lucide-react';
import type { ConsoleNavItem } from '../../features/admin-shell/components/console-layout.tsx';

/**
 * The console's areas, in navigation order: a path under `/admin`, its name and icon, and its
 * screen, each in a chunk of its own. A new area is a screen in this folder and a line here.
 */
export const CONSOLE_AREAS = [
  // The console opens here: the day's rides and what needs the owner now.
  { path: '/today', label: 'Today', icon: Sun, screen: lazy(() => import('./today.tsx')) },
  {
    path: '/rides',
    label: 'Rides',
    icon: CalendarClock,
    screen: lazy(() => import('./rides.tsx')),
  },
  { path: '/fleet', label: 'Fleet', icon: Car, screen: lazy(() => import('./fleet.tsx')) },
  {
    path: '/chauffeurs',
    label: 'Chauffeurs',
    icon: IdCard,
    screen: lazy(() => import('./chauffeurs.tsx')),
  },
  { path: '/blocks', label: 'Blocks', icon: CalendarX, screen: lazy(() => import('./blocks.tsx')) },
  {
    path: '/feedback',
    label: 'Feedback',
    icon: MessagesSquare,
    screen: lazy(() => import('./feedback.tsx')),
  },
  {
    path: '/reviews',
    label: 'Reviews',
    icon: Star,
    screen: lazy(() => import('./reviews.tsx')),
  },
  {
    path: '/numbers',
    label: 'Numbers',
    icon: ChartColumn,
    screen: lazy(() => import('./numbers.tsx')),
  },
  {
    path: '/messages',
    label: 'Messages',
    icon: MailExclamationPoint,
    screen: lazy(() => import('./messages.tsx')),
  },
  { path: '/audit', label: 'Audit', icon: ScrollText, screen: lazy(() => import('./audit.tsx')) },
  {
    path: '/phone',
    label: 'Phone',
    icon: Smartphone,
    screen: lazy(() => import('./phone.tsx')),
  },
] as const satisfies readonly (ConsoleNavItem & { screen: unknown })[];
