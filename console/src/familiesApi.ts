/** The console's calls of each family's releases (the operator contract's families calls). */
import { OP } from '@matka/shared/contract';
import type { OperatorAnswerOf, OperatorRequestOf } from '@matka/shared/contract/schemas';
import { consoleApi, op } from './api';

export type FamilyStatus = OperatorAnswerOf<'families'>['families'][number];
type Changed = { msg: string; family: FamilyStatus };

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['Families'] }).injectEndpoints({
  endpoints: (build) => ({
    families: build.query<FamilyStatus[], void>({
      query: () => op(OP.families),
      transformResponse: (r: { families: FamilyStatus[] }) => r.families,
      providesTags: ['Families'],
    }),
    releaseFamily: build.mutation<Changed, OperatorRequestOf<'releaseFamily'>>({
      query: (body) => op(OP.releaseFamily, body),
      invalidatesTags: ['Families', 'Audit'],
    }),
    promoteFamily: build.mutation<Changed, OperatorRequestOf<'promoteFamily'>>({
      query: (body) => op(OP.promoteFamily, body),
      invalidatesTags: ['Families', 'Audit'],
    }),
    rollbackFamily: build.mutation<Changed, OperatorRequestOf<'rollbackFamily'>>({
      query: (body) => op(OP.rollbackFamily, body),
      invalidatesTags: ['Families', 'Audit'],
    }),
  }),
});

export const { useFamiliesQuery, useReleaseFamilyMutation, usePromoteFamilyMutation, useRollbackFamilyMutation } = api;
