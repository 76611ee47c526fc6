// The studio's script (GET /studio/studio.js): its elements and its styles, adopted by the page.
import { ShoppableStudio } from './studio-app.js';
import { StudioEditor } from './editor.js';
import { StudioMediaList } from './media-list.js';
import { StudioNewMedia } from './new-media.js';
import { StudioPerformance } from './performance.js';
import { StudioPlaceDialog } from './place-dialog.js';
import { StudioRanking } from './ranking.js';
import { studioStyles } from './styles.js';

document.adoptedStyleSheets = [
  ...document.adoptedStyleSheets,
  ...studioStyles.flatMap((style) => (style.styleSheet ? [style.styleSheet] : [])),
];

const elements: [string, CustomElementConstructor][] = [
  ['studio-media-list', StudioMediaList],
  ['studio-new-media', StudioNewMedia],
  ['studio-place-dialog', StudioPlaceDialog],
  ['studio-editor', StudioEditor],
  ['studio-ranking', StudioRanking],
  ['studio-performance', StudioPerformance],
  ['shoppable-studio', ShoppableStudio],
];
for (const [name, element] of elements) if (!customElements.get(name)) customElements.define(name, element);
