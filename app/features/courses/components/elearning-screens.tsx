import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFetcher, useNavigate } from "react-router";
import { slugify } from "~/features/content/content";
import { CourseTable, type TeacherCourseRow } from "./instructor-screens";
import { saveProblemKey } from "./save-problem";

/** The e-learning screens' tabs: every course, and the categories. */
export function ElearningTabs({ active }: { active: "courses" | "categories" }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) =>
        void navigate(
          value === "categories"
            ? "/dashboard/manage/elearning/caetgory"
            : "/dashboard/manage/elearning",
        )
      }
      mb="md"
    >
      <Tabs.List>
        <Tabs.Tab value="courses">{t("courseBuilder.manage.courses")}</Tabs.Tab>
        <Tabs.Tab value="categories">{t("courseBuilder.manage.categories")}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

/** M1 `/dashboard/manage/elearning`: every course of the site, for its managers. */
export function SiteCourses({ rows }: { rows: TeacherCourseRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t("courseBuilder.manage.heading")}
      </Title>
      <ElearningTabs active="courses" />
      {rows.length === 0 ? (
        <Text c="dimmed">{t("courseBuilder.list.empty")}</Text>
      ) : (
        <CourseTable rows={rows} />
      )}
    </Stack>
  );
}

type Category = {
  id: string;
  name: string;
  slug: string;
  description: string;
  position: number;
  courses: number;
};
type Answer = { ok: true; id: string | null } | { ok: false; code: string };

function CategoryForm({
  category,
  onDone,
}: {
  category: Omit<Category, "courses"> | null;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [name, setName] = useState(category?.name ?? "");
  const [slug, setSlug] = useState(category?.slug ?? "");
  const [description, setDescription] = useState(category?.description ?? "");
  const [position, setPosition] = useState(category?.position ?? 0);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const submit = () => {
    void fetcher.submit(
      {
        intent: "saveCategory",
        category: {
          ...(category ? { id: category.id } : {}),
          name,
          slug: slug || slugify(name),
          description,
          position,
        },
      },
      { method: "post", encType: "application/json" },
    );
    if (!category) {
      setName("");
      setSlug("");
      setDescription("");
    }
    onDone?.();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t("courseBuilder.categories.name")}
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: 2, minWidth: 160 }}
        />
        <TextInput
          label={t("courseBuilder.fields.slug")}
          placeholder={slugify(name)}
          value={slug}
          onChange={(event) => setSlug(event.currentTarget.value.toLowerCase())}
          style={{ flex: 1, minWidth: 140 }}
        />
        <TextInput
          label={t("courseBuilder.categories.description")}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          style={{ flex: 3, minWidth: 200 }}
        />
        <NumberInput
          label={t("courseBuilder.categories.order")}
          min={0}
          max={10000}
          value={position}
          onChange={(value) => setPosition(Math.max(0, Number(value) || 0))}
          w={100}
        />
        <Button type="submit" loading={fetcher.state !== "idle"} disabled={!name.trim()}>
          {category ? t("courseBuilder.save") : t("courseBuilder.categories.add")}
        </Button>
      </Group>
      {answer && !answer.ok ? (
        <Alert color="red" variant="light" role="alert" mt="xs">
          {t(saveProblemKey(answer.code))}
        </Alert>
      ) : null}
    </form>
  );
}

/** M1 `/dashboard/manage/elearning/caetgory`: the site's course categories. */
export function CategoriesScreen({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  const remover = useFetcher<Answer>();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t("courseBuilder.manage.heading")}
      </Title>
      <ElearningTabs active="categories" />
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>{t("courseBuilder.categories.new")}</Text>
          <CategoryForm category={null} />
        </Stack>
      </Paper>
      {categories.length === 0 ? (
        <Text c="dimmed">{t("courseBuilder.categories.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" data-testid="category-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("courseBuilder.categories.name")}</Table.Th>
                <Table.Th>{t("courseBuilder.fields.slug")}</Table.Th>
                <Table.Th>{t("courseBuilder.categories.order")}</Table.Th>
                <Table.Th>{t("courseBuilder.categories.courses")}</Table.Th>
                <Table.Th>{t("courseBuilder.list.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.map((category) =>
                editing === category.id ? (
                  <Table.Tr key={category.id}>
                    <Table.Td colSpan={5}>
                      <CategoryForm category={category} onDone={() => setEditing(null)} />
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  <Table.Tr key={category.id} data-testid="category-row">
                    <Table.Td>
                      <Text fw={600}>{category.name}</Text>
                      {category.description ? (
                        <Text size="xs" c="dimmed">
                          {category.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{category.slug}</Table.Td>
                    <Table.Td>{category.position}</Table.Td>
                    <Table.Td>{category.courses}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="xs" variant="subtle" onClick={() => setEditing(category.id)}>
                          {t("courseBuilder.categories.edit")}
                        </Button>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("courseBuilder.categories.delete", { name: category.name })}
                          onClick={() => {
                            if (
                              window.confirm(
                                t("courseBuilder.categories.confirmDelete", {
                                  name: category.name,
                                }),
                              )
                            )
                              void remover.submit(
                                { intent: "deleteCategory", id: category.id },
                                { method: "post", encType: "application/json" },
                              );
                          }}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
