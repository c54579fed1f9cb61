/** Icons a menu entry may name (`x-menu.icon`, plugin `menu[].icon`), by @ant-design/icons name. */
import type { ComponentType } from 'react';
import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  BulbOutlined,
  CarOutlined,
  CloudSyncOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  HistoryOutlined,
  IdcardOutlined,
  KeyOutlined,
  MailOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  PlayCircleOutlined,
  PlaySquareOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WarningOutlined,
} from '@ant-design/icons';

/** Known icons; an unknown name falls back to AppstoreOutlined with a warning. */
export const MENU_ICONS: Record<string, ComponentType> = {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  BulbOutlined,
  CarOutlined,
  CloudSyncOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  HistoryOutlined,
  IdcardOutlined,
  KeyOutlined,
  MailOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  PlayCircleOutlined,
  PlaySquareOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WarningOutlined,
};

const warned = new Set<string>();

/** The icon component of a name. */
export function menuIcon(name: string | undefined): ComponentType {
  if (!name) return AppstoreOutlined;
  const icon = MENU_ICONS[name];
  if (!icon && !warned.has(name)) {
    warned.add(name);
    console.warn(`Menu icon "${name}" is not in the shell's icon registry (src/pages/home/menu-icons.tsx)`);
  }
  return icon ?? AppstoreOutlined;
}
