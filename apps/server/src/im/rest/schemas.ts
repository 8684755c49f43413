// One schema per /nimserver action: the form fields NIM's user API documents for it, with its
// limits. Fields NIM has but Morsel does not keep are refused by name rather than dropped.
import { Type, type Static } from '@sinclair/typebox';
import { AccidField, IconField, NameField, PropsField, TokenField } from '../accounts/index.ts';

const strict = { additionalProperties: false } as const;

export const CreateForm = Type.Object(
  {
    accid: AccidField,
    name: Type.Optional(NameField),
    icon: Type.Optional(IconField),
    props: Type.Optional(PropsField),
    token: Type.Optional(TokenField),
  },
  strict,
);

export const UpdateForm = Type.Object(
  { accid: AccidField, props: Type.Optional(PropsField), token: Type.Optional(TokenField) },
  strict,
);

export const AccidForm = Type.Object({ accid: AccidField }, strict);

export const BlockForm = Type.Object(
  {
    accid: AccidField,
    needkick: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true or false' }),
    ),
  },
  strict,
);

export type CreateForm = Static<typeof CreateForm>;
export type UpdateForm = Static<typeof UpdateForm>;
export type AccidForm = Static<typeof AccidForm>;
export type BlockForm = Static<typeof BlockForm>;
