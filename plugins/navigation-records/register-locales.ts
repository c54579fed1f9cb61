/** Registers the plugin's texts; imported by its page, so they load with the page's chunk. */
import { addPluginLocales } from '@runtime';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

addPluginLocales('navigation-records', { en, zh, ja });
