"use client";
// The signed-in person's own account: their name (shown instead of their email across the product), their email
// (what they sign in with; not changed here) and their password. Any role may change their own.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { useForm, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { changePasswordInput, setNameInput } from "@ems/core/user-schemas";
import {
  Button,
  Card,
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  PageHeader,
  toast,
} from "@ems/ui";
import { useMe } from "@/components/use-me";
import { useServerError } from "@/components/use-server-error";
import { useTRPC } from "@/trpc/client";

export function ProfileView() {
  const { me } = useMe();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Your profile"
        description="Your name and password, the same in every workspace you belong to."
      />
      {me && (
        <>
          <NameCard firstName={me.user.firstName} lastName={me.user.lastName} email={me.user.email} />
          <PasswordCard />
        </>
      )}
    </div>
  );
}

/** One labelled input of a profile form, its error under it. */
function TextField<V extends FieldValues>(props: {
  form: UseFormReturn<V>;
  name: Path<V>;
  label: string;
  autoComplete: string;
  password?: boolean;
}) {
  return (
    <FormField
      control={props.form.control}
      name={props.name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{props.label}</FormLabel>
          <FormControl>
            <Input
              {...field}
              type={props.password ? "password" : "text"}
              maxLength={props.password ? undefined : 100}
              autoComplete={props.autoComplete}
              className="w-64 max-w-full"
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A profile form: its fields, the server's refusal that names none of them, and the submit button. */
function ProfileForm<V extends FieldValues>(props: {
  form: UseFormReturn<V>;
  onSubmit: (values: V) => void;
  error: unknown;
  pending: boolean;
  submit: string;
  testId: string;
  children: ReactNode;
}) {
  const otherError = useServerError(props.form, props.error);
  return (
    <Form {...props.form}>
      <form
        onSubmit={props.form.handleSubmit(props.onSubmit)}
        className="flex flex-col gap-4"
        data-testid={props.testId}
        noValidate
      >
        {props.children}
        {otherError && <p className="text-sm text-destructive-text">{otherError}</p>}
        <div>
          <Button type="submit" variant="primary" loading={props.pending}>
            {props.submit}
          </Button>
        </div>
      </form>
    </Form>
  );
}

type NameValues = z.input<typeof setNameInput>;

function NameCard({ firstName, lastName, email }: { firstName: string; lastName: string; email: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const save = useMutation(
    trpc.me.setName.mutationOptions({
      onSuccess: () => {
        toast.success("Name saved");
        void qc.invalidateQueries({ queryKey: trpc.me.pathKey() });
        router.refresh(); // the sidebar's name comes from the server
      },
    }),
  );
  const form = useForm<NameValues>({ resolver: zodResolver(setNameInput), defaultValues: { firstName, lastName } });
  return (
    <Card
      title="Name"
      description="Shown to your team instead of your email: in members, assignments, comments and history."
    >
      <ProfileForm
        form={form}
        onSubmit={(v) => save.mutate(v)}
        error={save.error}
        pending={save.isPending}
        submit="Save name"
        testId="name-form"
      >
        <p className="text-sm">
          Email:{" "}
          <strong data-testid="profile-email" className="break-all">
            {email}
          </strong>{" "}
          <span className="text-muted-foreground">(you sign in with it)</span>
        </p>
        <div className="flex flex-wrap items-start gap-3">
          <TextField form={form} name="firstName" label="First name" autoComplete="given-name" />
          <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
        </div>
      </ProfileForm>
    </Card>
  );
}

// The new password twice, checked here; the procedure checks the rest (and the current password).
const passwordForm = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ["confirmPassword"],
    message: "must match the new password",
  });
type PasswordValues = z.input<typeof passwordForm>;

function PasswordCard() {
  const trpc = useTRPC();
  const { update } = useSession();
  const change = useMutation(trpc.me.changePassword.mutationOptions());
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  async function submit({ currentPassword, newPassword }: PasswordValues) {
    const r = await change.mutateAsync({ currentPassword, newPassword }).catch(() => null);
    if (!r) return;
    // This session goes on: it proves it holds the new password (every other session has ended).
    await update({ password: newPassword });
    form.reset();
    toast.success(r.message);
  }
  return (
    <Card
      title="Password"
      description="At least 12 characters. Changing it signs you out everywhere else: other browsers and devices."
    >
      <ProfileForm
        form={form}
        onSubmit={(v) => void submit(v)}
        error={change.error}
        pending={change.isPending}
        submit="Change password"
        testId="password-form"
      >
        <div className="flex flex-wrap items-start gap-3">
          <TextField
            form={form}
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            password
          />
          <TextField form={form} name="newPassword" label="New password" autoComplete="new-password" password />
          <TextField
            form={form}
            name="confirmPassword"
            label="New password again"
            autoComplete="new-password"
            password
          />
        </div>
      </ProfileForm>
    </Card>
  );
}
