import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within, expect, waitFor } from 'storybook/test';
import { PlatformProvider } from '../shared/PlatformContext.js';
import { pending, refuse, storyPlatform, type StoryPlatformOptions } from '../stories/storyPlatform.js';
import { Login, type LoginProps } from './Login.js';

interface StoryArgs extends LoginProps {
  platform: StoryPlatformOptions;
}

/** A fresh fake platform per story, so one story's login never leaks into the next. */
function LoginStory({ platform, ...props }: StoryArgs) {
  const instance = useMemo(() => storyPlatform(platform), [platform]);
  return (
    <PlatformProvider platform={instance}>
      <Login {...props} />
    </PlatformProvider>
  );
}

const meta = {
  title: 'Elements/ds-login',
  component: LoginStory,
  args: {
    platform: {},
    lang: 'zh-CN',
    onSuccess: fn(),
    onFailure: fn(),
    onNavigate: fn(),
  },
  argTypes: {
    lang: { control: 'inline-radio', options: ['zh-CN', 'en'] },
    loginType: { control: 'inline-radio', options: [undefined, 'deploy'] },
    platform: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The login screen, as `<Login>` for React hosts and `<ds-login>` for any page. Stories run on a fake transport: no server needed.',
      },
    },
  },
} satisfies Meta<typeof LoginStory>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSubmit(canvasElement: HTMLElement, username: string, password: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(/账号|Account/), username);
  await userEvent.type(canvas.getByLabelText(/密码|Password/, { selector: 'input' }), password);
  await userEvent.click(canvas.getByRole('button', { name: /登录|Log in/ }));
}

export const Idle: Story = {};

export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '登录' }));
    await expect(await canvas.findByText('请输入账号')).toBeVisible();
    await expect(canvas.getByText('请输入密码')).toBeVisible();
  },
};

export const Submitting: Story = {
  args: { platform: { login: pending } },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'teacher', 'Ds@123456');
    await expect(await within(canvasElement).findByRole('button', { name: '登录中…' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const ServerError: Story = {
  args: { platform: { login: refuse(4200001, '用户名或密码错误') } },
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement, 'teacher', 'wrong');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('用户名或密码错误');
    await waitFor(() => expect(args.onFailure).toHaveBeenCalledWith({ code: 4200001, message: '用户名或密码错误' }));
  },
};

export const CaptchaModal: Story = {
  args: { platform: { login: refuse(4200006) } },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'teacher', 'Ds@123456');
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('slider', { name: '拼图位置' })).toBeVisible();
  },
};

export const RememberPasswordShown: Story = {
  args: { platform: { config: { 'common.login.rememberPassword': '1', 'common.login.forgotPasswordUrl': 'https://example.org/forgot' } } },
};

export const WechatIconShown: Story = {
  args: { platform: { config: { 'common.platform.areaCode': 'dsideal', 'common.login.wechatAreaCodes': 'dsideal,cc' } } },
};

export const DeployFailureDialog: Story = {
  args: { loginType: 'deploy', pageUrl: 'https://bureau.example/login?flag=0' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('学院未找到相关用户，请联系学院管理员')).toBeVisible();
  },
};

export const English: Story = {
  args: { lang: 'en', platform: { config: { 'common.login.rememberPassword': '1' } } },
};
