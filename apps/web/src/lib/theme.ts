import { DEFAULT_COLOURS, type TClientColours } from '@lms/contracts/client';
import { Title, createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { ensureContrast, shadesOf } from './colour';

/**
 * The client's seven colours (spec section 3, Client) drive the Mantine theme. Colours an admin picks may be too
 * pale for text, so text colours are pushed to WCAG AA contrast against the background, and filled buttons pick
 * black or white text by luminance (0.179 is where both give the same contrast).
 */
export function buildTheme(colours: TClientColours = DEFAULT_COLOURS, clearLabel = 'Clear'): MantineThemeOverride {
  const primary = ensureContrast(colours.primaryButton, colours.background);
  return createTheme({
    primaryColor: 'primary',
    primaryShade: 6,
    autoContrast: true,
    luminanceThreshold: 0.179,
    black: colours.text,
    colors: {
      primary: shadesOf(primary),
      secondary: shadesOf(colours.secondaryButton),
      info: shadesOf(ensureContrast(colours.info, colours.background)),
    },
    headings: { fontWeight: '650' },
    defaultRadius: 'md',
    components: {
      Title: Title.extend({ styles: { root: { color: 'var(--lms-color-headline)' } } }),
      // A plain object, not Modal.extend: importing Modal here put it (and its scroll area) into the first visit.
      Modal: {
        styles: {
          title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', color: 'var(--lms-color-headline)' },
        },
      },
      // The × of every clearable field (select, date; a file input draws its own) is an icon button: it needs a
      // name (WCAG 4.1.2), and Mantine gives it none. A field may still name it more precisely (clearButtonProps).
      InputClearButton: { defaultProps: { 'aria-label': clearLabel } },
      FileInput: { defaultProps: { clearButtonProps: { 'aria-label': clearLabel } } },
      // An open menu's first child was Mantine's focus placeholder, a focusable div among the items: axe's
      // aria-required-children (critical) allows a menu only menu items. Without it the first item takes the focus
      // on opening, as the ARIA menu button pattern has it. (A plain object, as Modal's, for the first visit.)
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A table's scroll box is the containing block of what the table places absolutely (a VisuallyHidden word such
      // as the result's "Score"): otherwise that escapes the box's clipping and the page scrolls sideways on a phone
      // (the German learning record at 390 px reached 492 px).
      TableScrollContainer: { styles: { scrollContainer: { position: 'relative' } } },
    },
    other: { colours },
  });
}

export function buildCssVariables(colours: TClientColours = DEFAULT_COLOURS): CSSVariablesResolver {
  const text = ensureContrast(colours.text, colours.background, 7);
  return () => ({
    variables: { '--lms-color-headline': ensureContrast(colours.headline, colours.background) },
    light: {
      '--mantine-color-body': colours.background,
      '--mantine-color-text': text,
      '--mantine-color-dimmed': ensureContrast(colours.text2, colours.background),
      '--mantine-color-anchor': ensureContrast(colours.primaryButton, colours.background),
      '--mantine-color-placeholder': ensureContrast(colours.text2, '#ffffff'),
      // A field's error text (and its value while in error) is red on white: Mantine's red 6 gives 3.3:1, red 9 5.4:1.
      '--mantine-color-error': 'var(--mantine-color-red-9)',
    },
    dark: {},
  });
}
