/** Language switcher (a dropdown; options carry test ids lang-en, lang-zh, lang-ja). */
import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@common/protocol';
import { changeLang } from './i18n';
import { LANG_NAMES } from './lang-names';

/** The language switcher. */
export function LangSwitch({ type = 'text' }: { type?: 'text' | 'default' }) {
  const { i18n } = useTranslation();
  const current = (LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : 'zh';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGS.map((lang) => ({ key: lang, label: <span data-testid={`lang-${lang}`}>{LANG_NAMES[lang]}</span> })),
        onClick: ({ key }) => void changeLang(key as Lang),
      }}
    >
      <Button type={type} icon={<GlobalOutlined />} data-testid="lang-switch">
        {LANG_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
