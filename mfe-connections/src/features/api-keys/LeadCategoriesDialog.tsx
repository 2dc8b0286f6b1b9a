import { useEffect, type FormEvent } from 'react';
import { Button, Field, Stack, Table, Textarea } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import type { ApiKey, LeadCategory } from 'shared/contract';
import {
  commonTexts,
  errorToast,
  formatDateTime,
  isUnauthorized,
  leadCategoriesForm,
  platformLabel,
  successToast,
} from 'shared/rules';
import {
  EditDialog,
  EmptyMessage,
  LoadingState,
  useForm,
  useHost,
  useNotifyFailure,
} from 'shared/ui';
import { ViewDialogFrame } from '../../lib/view-dialog-frame';
import { apiKeyTexts, canAddLeadCategories, leadCategoryIdText } from './rules';

function CategoriesTable({ categories }: { categories: LeadCategory[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="80">
      <Table.Root size="sm" aria-label="Lead categories" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ID</Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {categories.map((category) => (
            <Table.Row key={String(category.id)}>
              <Table.Cell>{leadCategoryIdText(category)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(category.created_at)}</Table.Cell>
              <Table.Cell>{category.name}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** heyreach only: one category per line; blank lines are ignored and each id is derived from its name. */
function AddCategoriesForm({ apiKey }: { apiKey: ApiKey }) {
  const host = useHost();
  const { state, dispatch, check } = useForm(leadCategoriesForm, {
    userProfileId: apiKey.userProfileId,
    text: '',
  });
  const add = useOperationMutation('addLeadCategories', {
    // the answer is the key's categories after the add: it becomes the dialog's list
    update: [
      {
        query: 'listLeadCategories',
        input: ({ params }) => ({ params }),
        apply: (_cached, categories) => categories,
      },
    ],
    onSuccess: () => {
      dispatch({ kind: 'added' });
      host.notify(successToast(apiKeyTexts.categoriesAdded));
    },
    // spec §8 "Lead category add failure": "Something went wrong", whatever the server said
    onError: (error) => {
      if (!isUnauthorized(error)) host.notify(errorToast(commonTexts.somethingWentWrong));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = check();
    if (body) add.mutate({ params: { id: apiKey.id }, body });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add lead categories">
      <Stack gap="2">
        <Field.Root disabled={add.isPending}>
          <Field.Label>New categories</Field.Label>
          <Textarea
            value={state.text}
            onChange={(event) => dispatch({ field: 'text', value: event.currentTarget.value })}
            rows={4}
            placeholder={'Interested\nMeeting booked'}
          />
          <Field.HelperText>One category per line.</Field.HelperText>
        </Field.Root>
        <Button
          type="submit"
          size="sm"
          colorPalette="primary"
          alignSelf="flex-start"
          disabled={leadCategoriesForm.problem(state) !== null}
          loading={add.isPending}
          loadingText="Add"
          spinnerPlacement="start"
        >
          Add
        </Button>
      </Stack>
    </form>
  );
}

/** The dialog's content, mounted while it is open: the key's categories, and for heyreach keys the user may change the add form. */
function LeadCategoriesContent({ apiKey }: { apiKey: ApiKey }) {
  const notifyFailure = useNotifyFailure();
  // Read afresh each time the dialog opens: the platform's categories change outside the product.
  const categories = useOperationQuery(
    'listLeadCategories',
    { params: { id: apiKey.id } },
    { staleTime: 0 },
  );
  const { error, errorUpdatedAt } = categories;
  // spec §8: a failed load says so in a toast (the server's message, or "Something went wrong").
  useEffect(() => {
    if (error) notifyFailure(error);
  }, [error, errorUpdatedAt, notifyFailure]);

  let list;
  if (categories.isPending) list = <LoadingState label="Loading lead categories…" />;
  else if (categories.isError || categories.data.length === 0)
    list = <EmptyMessage title={apiKeyTexts.noLeadCategories} />;
  else list = <CategoriesTable categories={categories.data} />;

  return (
    <ViewDialogFrame
      title="Lead categories"
      subtitle={`${platformLabel(apiKey.platform)} · ${apiKey.description}`}
    >
      <Stack gap="4">
        {list}
        {canAddLeadCategories(apiKey) && <AddCategoriesForm apiKey={apiKey} />}
      </Stack>
    </ViewDialogFrame>
  );
}

/** View lead categories opens this dialog on a row. */
export function LeadCategoriesDialog({
  apiKey,
  open,
  onOpenChange,
}: {
  apiKey: ApiKey | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditDialog item={apiKey} open={open} onOpenChange={onOpenChange} long>
      {(item) => <LeadCategoriesContent apiKey={item} />}
    </EditDialog>
  );
}
