// REST shapes of the media admin routes, declared once (see src/rest/schema.ts): requests are
// checked for types only; values, limits and the rules between fields are the catalog import's
// (media.input.ts), the same for GraphQL.
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, Ref } from '../rest/schema.js';
import { mediaTable } from '../catalog/catalog.fields.js';
import { mediaDetails, Placement } from '../catalog/catalog.schemas.js';

const Kind = Type.Union([Type.Literal('image'), Type.Literal('video')], { description: 'image or video.' });
const text = (description: string) => Type.Optional(Nullable(Type.String({ description })));

const required = {
  slug: Type.String({
    description:
      'Unique among the media of its type; part of a URL path: no "/" or white space, at most 255 characters.',
  }),
  url: Type.String({
    description:
      'The image or video file: an absolute http(s) URL, or a path on this gateway such as /media/files/a.jpg.',
  }),
  width: Type.Integer({ description: 'Pixels, 1 to 100000.' }),
  height: Type.Integer({ description: 'Pixels, 1 to 100000.' }),
};

const optional = {
  duration_ms: Type.Optional(Nullable(Type.Integer({ description: "A video's length in milliseconds." }))),
  poster_url: text("A video's still image, shown before it plays (a URL as `url`)."),
  alt: text('What the image or video shows, for those who cannot see it: at most 500 characters.'),
  captions_url: text("A video's captions: a WebVTT file (a URL as `url`)."),
  file_name: text('The file name, at most 1024 characters; absent: the last segment of `url`.'),
  platform: text('Where the media item comes from (instagram, tiktok, …).'),
  product_ids: Type.Optional(
    Type.Array(Type.Integer(), { description: 'The products it shows, in the order shown: at most 1000.' }),
  ),
};

export const CreateMediaBody = Type.Object({ type: Kind, ...required, ...optional });
export type CreateMediaBodyView = Static<typeof CreateMediaBody>;

export const UpdateMediaBody = Type.Object(
  {
    type: Type.Optional(Kind),
    slug: Type.Optional(required.slug),
    url: Type.Optional(required.url),
    width: Type.Optional(required.width),
    height: Type.Optional(required.height),
    ...optional,
  },
  { description: 'Absent fields stay as they are; null clears one.' },
);
export type UpdateMediaBodyView = Static<typeof UpdateMediaBody>;

export const AdminMedia = Named(
  'AdminMedia',
  Type.Object(
    {
      ...mediaTable.restProperties,
      type: Kind,
      ...mediaDetails,
      product_ids: Type.Array(Type.Integer(), { description: 'The products it shows, in order.' }),
    },
    { description: 'A media item as the admin API shows it: its fields and the products it shows.' },
  ),
);
export type AdminMediaView = Static<typeof AdminMedia>;

export const MediaAnswer = Named('MediaAnswer', Type.Object({ media: Ref(AdminMedia) }));

export const MediaList = Named(
  'MediaList',
  Type.Object({
    media: Type.Array(Ref(AdminMedia), { description: 'Newest (highest id) first.' }),
    page_info: Type.Object({
      has_next_page: Type.Boolean(),
      end_cursor: Nullable(Type.String({ description: 'Give it as `after` for the next page.' })),
    }),
  }),
);

export const MediaListQuery = Type.Object({
  type: Type.Optional(Kind),
  first: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$', description: 'How many, 1 to 100 (default 20).' })),
  after: Type.Optional(Type.String({ maxLength: 200, description: "The previous page's `end_cursor`." })),
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Only media items whose slug or alt text contains this text, whatever its case.',
    }),
  ),
});

const PlacementBody = Type.Object({
  product_id: Type.Integer({
    description: 'A product; one the media item does not show yet is added to its products.',
  }),
  x: Type.Optional(
    Nullable(Type.Number({ description: 'From the left, a fraction 0-1 of the width (images: required).' })),
  ),
  y: Type.Optional(Nullable(Type.Number({ description: 'From the top, a fraction 0-1 of the height.' }))),
  start_ms: Type.Optional(Nullable(Type.Integer({ description: "A video's time range: from this millisecond." }))),
  end_ms: Type.Optional(Nullable(Type.Integer({ description: 'To this millisecond, excluded (with start_ms).' }))),
});

export const PlacementsBody = Type.Object({
  placements: Type.Array(PlacementBody, {
    description: 'The whole list, in order (at most 1000): it replaces the list.',
  }),
});
export type PlacementsBodyView = Static<typeof PlacementsBody>;

export const UploadQuery = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 255,
    description:
      'The file name wished for: its letters, digits, "-", "_" and "." are kept, with the extension of what the ' +
      'file is; a number is added when the name is taken.',
  }),
});

export const MediaFile = Named(
  'MediaFile',
  Type.Object(
    {
      url: Type.String({ description: "Where it is served: /media/files/<name>; give it as a media item's `url`." }),
      width: Nullable(Type.Integer({ description: "An image's, read from the file; null for a video." })),
      height: Nullable(Type.Integer({ description: "An image's, read from the file; null for a video." })),
      duration_ms: Nullable(Type.Integer({ description: "A video's length: not read from the file (null)." })),
      content_type: Type.String({ description: 'What the file is, read from its bytes.' }),
      bytes: Type.Integer(),
    },
    { description: 'A media file stored.' },
  ),
);
export type MediaFileView = Static<typeof MediaFile>;

export const MediaPlacements = Named(
  'MediaPlacements',
  Type.Object({ placements: Type.Array(Ref(Placement)) }, { description: "A media item's placements, in order." }),
);
