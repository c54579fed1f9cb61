/** Header switch between the light and the dark skin. */
import { Switch, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setSkin, useSkin } from './skin';

/** The skin switch. */
export function SkinSwitch() {
  const skin = useSkin();
  const { t } = useTranslation();
  return (
    <Tooltip title={t('shell.skin')}>
      <Switch
        data-testid="skin-switch"
        checked={skin === 'dark'}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
        onChange={(dark) => setSkin(dark ? 'dark' : 'light')}
      />
    </Tooltip>
  );
}
