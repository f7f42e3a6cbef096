"use client";
// The signed-in person's own account: their name (shown instead of their email across the product), their email
// (what they sign in with; not changed here) and their password. Any role may change their own.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { changePasswordInput, setNameInput } from "@ems/core/client-schemas";
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
  const otherError = useServerError(form, save.error);
  const field = (name: keyof NameValues, label: string, autoComplete: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...f} maxLength={100} autoComplete={autoComplete} className="w-56 max-w-full" />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <Card
      title="Name"
      description="Shown to your team instead of your email: in members, assignments, comments and history."
    >
      <Form {...form}>
        <form
          onSubmit={form.handleSubmit((v) => save.mutate(v))}
          className="flex flex-col gap-4"
          data-testid="name-form"
          noValidate
        >
          <p className="text-sm">
            Email:{" "}
            <strong data-testid="profile-email" className="break-all">
              {email}
            </strong>{" "}
            <span className="text-muted-foreground">(you sign in with it)</span>
          </p>
          <div className="flex flex-wrap items-start gap-3">
            {field("firstName", "First name", "given-name")}
            {field("lastName", "Last name", "family-name")}
          </div>
          {otherError && <p className="text-sm text-destructive-text">{otherError}</p>}
          <div>
            <Button type="submit" variant="primary" loading={save.isPending}>
              Save name
            </Button>
          </div>
        </form>
      </Form>
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
  const otherError = useServerError(form, change.error);
  async function submit({ currentPassword, newPassword }: PasswordValues) {
    const r = await change.mutateAsync({ currentPassword, newPassword }).catch(() => null);
    if (!r) return;
    // This session goes on: it proves it holds the new password (every other session has ended).
    await update({ password: newPassword });
    form.reset();
    toast.success(r.message);
  }
  const field = (name: keyof PasswordValues, label: string, autoComplete: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...f} type="password" autoComplete={autoComplete} className="w-64 max-w-full" />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <Card
      title="Password"
      description="At least 12 characters. Changing it signs you out everywhere else: other browsers and devices."
    >
      <Form {...form}>
        <form
          onSubmit={form.handleSubmit(submit)}
          className="flex flex-col gap-4"
          data-testid="password-form"
          noValidate
        >
          <div className="flex flex-wrap items-start gap-3">
            {field("currentPassword", "Current password", "current-password")}
            {field("newPassword", "New password", "new-password")}
            {field("confirmPassword", "New password again", "new-password")}
          </div>
          {otherError && <p className="text-sm text-destructive-text">{otherError}</p>}
          <div>
            <Button type="submit" variant="primary" loading={change.isPending}>
              Change password
            </Button>
          </div>
        </form>
      </Form>
    </Card>
  );
}
