/**
 * The robots a picker offers: those of one company (`getRobotsByCompanyId`) when a company is
 * given, otherwise every robot of the caller's menu tree (`getMenuList`, robots on no map included).
 */
import { useMemo } from 'react';
import { useEventQuery } from '../../api/use-event-query';

/** One robot as the fleet events answer it. */
export interface RobotBrief {
  robotId: string;
  robotName?: string;
}

interface MenuCompany {
  regions?: { maps?: { robots?: RobotBrief[] }[] }[];
  /** Robots of the company that are on no map yet. */
  robots?: RobotBrief[];
}

/** One select option: value robotId, label "name (serial)". */
export interface RobotOption {
  value: string;
  label: string;
}

function option(robot: RobotBrief): RobotOption {
  return { value: robot.robotId, label: robot.robotName ? `${robot.robotName} (${robot.robotId})` : robot.robotId };
}

/** Flattens the menu tree (or a plain robot list) into options, each robot once. */
export function robotOptions(answer: unknown): RobotOption[] {
  const seen = new Set<string>();
  const out: RobotOption[] = [];
  const add = (robot: RobotBrief | undefined) => {
    if (!robot || typeof robot.robotId !== 'string' || seen.has(robot.robotId)) return;
    seen.add(robot.robotId);
    out.push(option(robot));
  };
  for (const item of Array.isArray(answer) ? (answer as (MenuCompany & RobotBrief)[]) : []) {
    if (typeof item?.robotId === 'string') {
      add(item);
      continue;
    }
    for (const r of item?.regions ?? []) for (const m of r.maps ?? []) for (const robot of m.robots ?? []) add(robot);
    for (const robot of item?.robots ?? []) add(robot);
  }
  return out;
}

/** Robot options of one company, or of the whole menu tree when `companyId` is empty. */
export function useRobotOptions(companyId?: number | string | null): { options: RobotOption[]; isLoading: boolean } {
  const byCompany = companyId !== undefined && companyId !== null && companyId !== '';
  const menu = useEventQuery('getMenuList', {}, { enabled: !byCompany });
  const company = useEventQuery('getRobotsByCompanyId', { companyId: Number(companyId) }, { enabled: byCompany });
  const source = byCompany ? company : menu;
  const options = useMemo(() => robotOptions(source.data), [source.data]);
  return { options, isLoading: source.isLoading };
}
