import { createSystem, defineConfig } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldsetSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  recipes,
  semanticTokens,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** R-PLAT-4: the stat-card colours. */
export const STAT_COLORS = ['blue', 'green', 'purple', 'orange', 'red', 'gray'] as const;
export type StatColor = (typeof STAT_COLORS)[number];

const statTokens = Object.fromEntries(
  STAT_COLORS.map((c) => [
    c,
    {
      bg: { value: { _light: `{colors.${c}.50}`, _dark: `{colors.${c}.950}` } },
      fg: { value: { _light: `{colors.${c}.700}`, _dark: `{colors.${c}.300}` } },
      icon: { value: { _light: `{colors.${c}.500}`, _dark: `{colors.${c}.400}` } },
      border: { value: { _light: `{colors.${c}.200}`, _dark: `{colors.${c}.800}` } },
    },
  ]),
);

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg', minHeight: '100%' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#eef4ff' },
          100: { value: '#d9e6ff' },
          200: { value: '#bcd3ff' },
          300: { value: '#8eb6ff' },
          400: { value: '#598dfc' },
          500: { value: '#3466f6' },
          600: { value: '#1e48eb' },
          700: { value: '#1636d8' },
          800: { value: '#182daf' },
          900: { value: '#1a2c8a' },
          950: { value: '#141d54' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        bg: {
          canvas: { value: { _light: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
        },
        // Chakra's green.600 reads 3.29:1 with white (solid buttons, badges) and on white (text); 700 is 5:1.
        green: {
          solid: { value: '{colors.green.700}' },
        },
        statCard: statTokens,
      },
    },
  },
});

/**
 * Chakra's default theme with only the slot recipes of the components the app uses. Chakra's
 * `defaultConfig` carries all 57 slot recipes (date picker, colour picker, carousel...: about 25 KB
 * gzip in every page's first load). A component whose recipe is missing renders unstyled without
 * an error, so `theme.test.ts` fails when a file imports a Chakra component whose recipe is not here:
 * add it to this list.
 */
export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
};

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes: SLOT_RECIPES,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, config);
